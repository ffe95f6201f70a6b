// The site checks' aggregates take seconds at 200,000 pages (the link graph, a near-duplicate band
// each), synchronous work that would hold up everything else on the thread: an API answering
// beside the worker, a job's lease heartbeat (a worker that misses it loses the audit to another).
// Such work is a generator that yields between slices; an audit runs it giving the event loop a
// turn every few milliseconds of work, and tests and benchmarks run it whole.

/** Work in slices: yields between them, returns its result. */
export type Sliced<T> = Generator<void, T, undefined>;

/** Pages (or links) a loop handles between two yields. */
export const PAGES_PER_SLICE = 4096;

/** How long the work may run before the event loop gets a turn. */
const TURN_MS = 20;

export function runWhole<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

export async function runSliced<T>(work: Sliced<T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - since >= TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}
