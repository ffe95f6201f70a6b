// The wall time of each audit phase, from the phase changes the polls saw: a phase lasts from its
// first sighting to the next one's, so each boundary is blurred by up to one poll interval.
import type { PhaseWindow } from './profile.js';
import { FINAL } from './http.js';
import type { PhaseTime } from './result.js';
import type { Transition } from './poll.js';

export interface Phases {
  phases: PhaseTime[];
  /** The same phases on the monotonic clock, to place the CPU profile's samples in them. */
  windows: PhaseWindow[];
  crawlingSeconds: number;
}

/** `transitions` ends with the final poll ('end'). */
export function phaseTimes(transitions: Transition[]): Phases {
  const phases: PhaseTime[] = [];
  const windows: PhaseWindow[] = [];
  for (let i = 0; i < transitions.length - 1; i++) {
    const { phase, atMs, hrUs: startUs } = transitions[i]!;
    if (FINAL.has(phase)) continue;
    phases.push({ phase, seconds: (transitions[i + 1]!.atMs - atMs) / 1000 });
    windows.push({ phase, startUs, endUs: transitions[i + 1]!.hrUs });
  }
  const crawlingSeconds = phases.filter((p) => p.phase === 'crawling').reduce((sum, p) => sum + p.seconds, 0);
  return { phases, windows, crawlingSeconds };
}
