// A signal that aborts as soon as one of its sources does, or when told to, and lets go of its
// sources once released.
//
// Not AbortSignal.any where a source outlives the combined signal (a crawl's signal, given to each
// of its fetches; a worker's, given to each of its jobs): Node 20 and 22 keep an entry for every
// combined signal in each source's list of dependants for as long as the source lives, even after
// the combined one is collected. A heap snapshot of a worker 45,000 pages into a crawl held 45,000
// of them, one a fetch, which grows with the site. Here a source holds one listener for as long as
// the linked signal is in use, and none after `release()`.

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Aborts the linked signal alone (a deadline, the work is over), not its sources. */
  readonly abort: (reason?: unknown) => void;
  /** Stops following the sources: call it once the work the signal guards is over. */
  readonly release: () => void;
}

export function linkedSignal(sources: ReadonlyArray<AbortSignal | null | undefined>): LinkedSignal {
  const controller = new AbortController();
  const followed = sources.filter((source): source is AbortSignal => source != null);
  const release = (): void => {
    for (const source of followed) source.removeEventListener('abort', onAbort);
  };
  const onAbort = (event: Event): void => {
    release();
    controller.abort((event.target as AbortSignal).reason);
  };
  const already = followed.find((source) => source.aborted);
  if (already) controller.abort(already.reason);
  else for (const source of followed) source.addEventListener('abort', onAbort);
  return {
    signal: controller.signal,
    abort: (reason) => {
      release();
      controller.abort(reason);
    },
    release,
  };
}
