// How a server process ends: on the first SIGTERM or SIGINT it stops its work (which finishes what
// is under way within its grace period), then exits 0, or 1 when the stop failed or reported that
// it was not clean (`stop` resolves to whether it was); later signals are ignored. `npm start` (a server or a cluster's primary) and
// `npm run worker` stop this way.
import type { Logger } from 'pino';

export function stopOnSignals(logger: Logger, message: string, stop: () => Promise<boolean>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    stop().then(
      (clean) => process.exit(clean ? 0 : 1),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => {
    onSignal('SIGTERM');
  });
  process.on('SIGINT', () => {
    onSignal('SIGINT');
  });
}
