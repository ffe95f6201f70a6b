// At most `size` renders at once, the rest queued in order. p-limit does the counting; what it
// lacks is a way out of the queue, so a caller whose signal aborts while queued gets its answer at
// once and its turn, when it comes, passes straight on.
import pLimit from 'p-limit';

export interface SubmitOptions<T> {
  signal?: AbortSignal;
  /** The answer for a caller whose signal aborted while queued; once running, the task answers. */
  onAbort: () => T;
  /** The answer for a task dropped from the queue by `clear()`. */
  onCleared: () => T;
}

export interface Pool {
  readonly active: number;
  readonly queued: number;
  /**
   * Runs `task` in a free slot. The task answers through `answer`, which may come before the task
   * ends: the slot stays taken until it has cleaned up, so the bound covers the cleaning too.
   */
  submit<T>(task: (answer: (value: T) => void) => Promise<void>, options: SubmitOptions<T>): Promise<T>;
  /** Drops every queued task; running ones are not touched. */
  clear(): void;
}

export function createPool(size: number): Pool {
  const limit = pLimit({ concurrency: size, rejectOnClear: true });
  return {
    get active() {
      return limit.activeCount;
    },
    get queued() {
      return limit.pendingCount;
    },
    clear: () => limit.clearQueue(),
    submit<T>(task: (answer: (value: T) => void) => Promise<void>, options: SubmitOptions<T>): Promise<T> {
      return new Promise<T>((resolve) => {
        let answered = false;
        const onAbort = (): void => answer(options.onAbort());
        const answer = (value: T): void => {
          if (answered) return;
          answered = true;
          options.signal?.removeEventListener('abort', onAbort);
          resolve(value);
        };
        if (options.signal?.aborted) return answer(options.onAbort());
        options.signal?.addEventListener('abort', onAbort, { once: true });
        limit(async () => {
          if (answered) return;
          options.signal?.removeEventListener('abort', onAbort);
          await task(answer);
        }).catch(() => answer(options.onCleared()));
      });
    },
  };
}
