// The reference server on one process, as `npm start` runs it. It always starts, even when not
// measured: its answer is the body the floors serve, so that every target sends the same bytes.
import { join } from 'node:path';
import { startChildTarget, type ChildTarget } from './child-target.js';
import { API_BASE, API_PATH, bench, fetchChecked, type Row } from './measure.js';
import { LABELS, type Options } from './options.js';
import { BENCH_PLAN, BENCH_PROJECTS } from './protocol.js';

export interface Reference {
  /** The reference server's answer to GET /projects, byte for byte. */
  body: string;
  auth: { authorization: string };
  rows: Row[];
}

export async function benchReference(workDir: string, options: Options): Promise<Reference> {
  const reference: ChildTarget = await startChildTarget(
    { type: 'start', kind: 'reference', sqliteFile: join(workDir, 'bench.db') },
    options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {},
  );
  const auth = { authorization: `Bearer ${reference.apiKey!}` };
  try {
    const body = await checkReference(reference, auth);
    if (!options.targets.has('reference')) return { body, auth, rows: [] };
    const before = (await reference.stats()).keyTakes;
    const measured = await bench(LABELS.reference, reference.url + API_PATH, auth, options, async () => (await reference.stats()).cpuMicros);
    const takes = (await reference.stats()).keyTakes - before;
    const completed = measured.result!.warmupRequests + measured.result!.totalRequests;
    console.log(
      `  the per-key rate limiter ran ${takes} times (autocannon completed ${completed} requests; the ones in flight when a run stops are not counted)`,
    );
    return { body, auth, rows: [{ target: 'reference', ...measured }, ...(await benchOtherOperations(reference, options))] };
  } finally {
    await reference.stop();
  }
}

/** The seeded projects with a key, a 401 without one: else the load would measure the wrong answer. */
async function checkReference(reference: ChildTarget, auth: { authorization: string }): Promise<string> {
  const { text, response } = await fetchChecked(reference.url + API_PATH, auth, 'The reference server');
  const parsed = JSON.parse(text) as { data?: unknown[] };
  if (parsed.data?.length !== BENCH_PROJECTS) throw new Error(`Expected ${BENCH_PROJECTS} projects, got: ${text.slice(0, 300)}`);
  const anonymous = await fetch(reference.url + API_PATH);
  await anonymous.arrayBuffer();
  if (anonymous.status !== 401) throw new Error(`Without a key the reference server answered ${anonymous.status}, not 401`);
  console.log(
    `Reference server ready at ${reference.url} (SQLite file, ${BENCH_PLAN} key, ${BENCH_PROJECTS} projects, response validation off, logging silent).`,
  );
  console.log(
    `  200, ${Buffer.byteLength(text)} bytes of JSON; X-RateLimit-Limit ${String(response.headers.get('x-ratelimit-limit'))}, ` +
      `X-RateLimit-Remaining ${String(response.headers.get('x-ratelimit-remaining'))} (the bench deepens the key's bucket so it never refuses).`,
  );
  console.log(`  rate-limit bypass: ${reference.bypass!}`);
  return text;
}

/**
 * The same load on two other operations of the reference server: a write (POST /projects, each
 * request creating a project, the keys of many accounts taking turns so that no plan limit is
 * reached) and a filtered page of a completed audit's pages. No floor serves these.
 */
async function benchOtherOperations(reference: ChildTarget, options: Options): Promise<Row[]> {
  const workloads = reference.workloads!;
  const cpu = async () => (await reference.stats()).cpuMicros;
  const create = workloads.createProject;
  const post = await bench('reference: POST /projects', reference.url + API_PATH, { 'content-type': 'application/json' }, options, cpu, {
    method: 'POST',
    body: create.body,
    rotatingHeaders: create.apiKeys.map((key) => ({ authorization: `Bearer ${key}` })),
  });
  const pages = workloads.auditPages;
  const list = await bench(
    'reference: GET …/pages, filtered',
    reference.url + API_BASE + pages.pathAndQuery,
    { authorization: `Bearer ${pages.apiKey}` },
    options,
    cpu,
  );
  return [
    { target: 'reference', label: 'reference: POST /projects', operation: 'POST /projects', ...post },
    { target: 'reference', label: 'reference: GET …/pages (filtered)', operation: pages.pathAndQuery, ...list },
  ];
}
