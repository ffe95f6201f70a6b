// Cleanup runs on success, on error and on Ctrl-C: no child process or temp file survives a run,
// since a leftover target would share the cores with the next run's and skew its figures.
import { killAllTargets } from './child-target.js';
import { killAllPrism } from './prism.js';

const cleanups: (() => void)[] = [];

/** Runs `cleanup` when the bench ends, after the ones registered later (last in, first out). */
export function onCleanUp(cleanup: () => void): void {
  cleanups.push(cleanup);
}

export function cleanUp(): void {
  killAllTargets();
  killAllPrism();
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      // best effort: a leftover temp dir must not hide the real outcome
    }
  }
}

export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }
}
