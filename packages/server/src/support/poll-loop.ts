// When to poll a durable queue: now and then every interval, at once on `wake()` (an in-process
// enqueue, a freed slot), never two polls at a time (a wake during a poll polls again right after
// it), and no timer left once stopped. Shared by the job worker and the webhook delivery loop.
import { AsyncResource } from 'node:async_hooks';

export interface PollLoop {
  /** Polls now, or right after the poll under way. */
  wake(): void;
  /** No further polls; resolves when the poll under way (if any) has finished. */
  stop(): Promise<void>;
}

export function startPollLoop(poll: () => Promise<void>, intervalMs: number): PollLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  // Polls run in the loop's own async context even when a request wakes it: a poll must not join
  // the unit of work of the request that happened to call wake() (storage/unit-of-work).
  const run = AsyncResource.bind(() => {
    pollAgain = false;
    polling = poll().finally(() => {
      polling = undefined;
      if (stopped) return;
      if (pollAgain) run();
      else timer = setTimeout(wake, intervalMs);
    });
  });

  function wake(): void {
    if (stopped) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    run();
  }

  run();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await polling;
    },
  };
}
