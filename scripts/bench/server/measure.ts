// Loading one target and reading its CPU time around the measured run. CPU µs per request is the
// figure least disturbed by other work on the machine (throughput and latency are not), so every
// row has it when the target's process can be read.
import { measure, type LoadOptions, type LoadResult } from '../lib/load.js';
import type { Options, Target } from './options.js';

export const API_BASE = '/api/public/v1';
export const API_PATH = `${API_BASE}/projects`;

export interface Row {
  target: Target;
  /** The table's name for the row, when not the target's label (the cluster target's two rows). */
  label?: string;
  /** Another operation than GET /projects (the reference server's other measured workloads). */
  operation?: string;
  /** API processes of a cluster row. */
  processes?: number;
  result?: LoadResult;
  /** CPU time (user + system) of the target's process per request of the measured run. */
  cpuMicrosPerRequest?: number;
  /** Why there is no (clean) measurement. */
  note?: string;
}

export async function bench(
  label: string,
  url: string,
  headers: Record<string, string>,
  options: Options,
  cpuMicros: () => Promise<number | undefined>,
  request: Pick<LoadOptions, 'method' | 'body' | 'rotatingHeaders'> = {},
): Promise<Omit<Row, 'target'>> {
  console.log(`  ${label}: ${options.warmupSeconds}s warm-up, ${options.durationSeconds}s measured…`);
  let before: number | undefined;
  const result = await measure({
    url,
    headers,
    ...request,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    beforeMeasured: async () => {
      before = await cpuMicros();
    },
  });
  const after = await cpuMicros();
  const problems = problemsOf(result);
  return {
    result,
    ...(before !== undefined && after !== undefined && result.totalRequests > 0 ? { cpuMicrosPerRequest: (after - before) / result.totalRequests } : {}),
    ...(problems ? { note: problems } : {}),
  };
}

/** One request, checked, before a target is measured: a benchmark of 404s would be worthless. */
export async function fetchChecked(url: string, headers: Record<string, string>, what: string): Promise<{ text: string; response: Response }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`${what} answered ${String(response.headers.get('content-type'))} instead of JSON`);
  }
  return { text, response };
}

/** A run with errors or non-2xx answers measured something else: the report names why. */
function problemsOf(result: LoadResult): string | undefined {
  const problems: string[] = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx (${JSON.stringify(result.statusCodes)})`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  return problems.length ? problems.join(', ') : undefined;
}
