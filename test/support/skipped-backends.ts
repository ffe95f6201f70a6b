// A suite that needs PostgreSQL or Redis skips when DATABASE_URL or REDIS_URL is not set, and says
// so in a console warning that starts with `SKIPPED:` and names the variable (support/databases.ts,
// support/redis.ts, and the files that read the variables themselves). One such line among the
// thousands of a run is easily missed, so the summary reporter counts them and ends the run with
// the block `skipSummary` writes: a run that did not test scale mode says so where it is read.

export type SkippedBackend = 'postgres' | 'redis';

export type BackendSkips = Record<SkippedBackend, number>;

/** The backend a warning line says its suite skipped for want of; null for any other line. */
export function skippedBackend(line: string): SkippedBackend | null {
  if (!line.includes('SKIPPED')) return null;
  // A suite that needs both (the cluster test) names the variable it found missing first.
  if (line.includes('DATABASE_URL')) return 'postgres';
  if (line.includes('REDIS_URL')) return 'redis';
  return null;
}

/** Counts the skips in console output, whose lines may come several to a chunk. */
export function countSkips(chunks: readonly string[]): BackendSkips {
  const skips: BackendSkips = { postgres: 0, redis: 0 };
  for (const line of chunks.flatMap((chunk) => chunk.split('\n'))) {
    const backend = skippedBackend(line);
    if (backend) skips[backend]++;
  }
  return skips;
}

const RULE = '='.repeat(100);

/** The block that ends a run which skipped PostgreSQL or Redis suites; '' when it skipped none. */
export function skipSummary({ postgres, redis }: BackendSkips): string {
  const skipped = [
    postgres > 0 && { what: suites(postgres, 'PostgreSQL'), variable: 'DATABASE_URL' },
    redis > 0 && { what: suites(redis, 'Redis'), variable: 'REDIS_URL' },
  ].filter((skip) => skip !== false);
  if (skipped.length === 0) return '';
  const what = skipped.map((skip) => skip.what).join(' and ');
  const variables = skipped.map((skip) => skip.variable).join(' / ');
  return [
    RULE,
    `SKIPPED: ${what} because ${variables} ${skipped.length > 1 ? 'are' : 'is'} not set — scale mode was NOT tested.`,
    'Set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test and REDIS_URL=redis://127.0.0.1:6379 (as .ci/run does) to run them.',
    RULE,
  ].join('\n');
}

function suites(count: number, backend: string): string {
  return `${count} ${backend} ${count === 1 ? 'suite' : 'suites'}`;
}
