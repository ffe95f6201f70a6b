// CPU time of another process, for targets that cannot report their own (Prism). Linux only:
// elsewhere the figure is simply not available.
import { readFileSync } from 'node:fs';

/** Assumed USER_HZ; it is 100 on every mainstream Linux build. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time of `pid` in µs (10 ms resolution), or undefined when unreadable. */
export function processCpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; the fields after its closing parenthesis don't.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return Number.isFinite(ticks) ? (ticks * 1e6) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
