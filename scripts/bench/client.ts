// `npm run bench:client`: what the client costs per call in CPU time of the calling process, next
// to raw fetch and bare openapi-fetch on the same local server. Wall time was too noisy for this
// (the same build measured 14% then 28.5% over fetch): it mixes in the server, the loopback and
// whatever else the machine does. `process.cpuUsage()` counts only this process's threads, so the
// server runs in a child process (this file again, with `--serve`) and its work is not counted.
//
// The server answers in the real envelope with rate-limit headers that never trigger pacing.
// Rounds go through every order of the variants, so drift in the machine's speed hits all alike;
// each figure is the median round, each overhead the median of the per-round differences.
// Targets, printed and not asserted (a benchmark measures; it exits 0 either way):
//   - the client costs at most 15 µs of CPU per call over bare openapi-fetch;
//   - `for await` over items costs at most 10% over iterating the same pages by hand.
// On a shared machine the figures move by about ±10 µs per call and ±5% per item between runs:
// compare runs made back to back, and look at the load average printed first.
// To profile the calling process (the server child is started without the flag):
//   node --cpu-prof --cpu-prof-dir=.bench/cpuprofile --import tsx scripts/bench/client.ts
//   npx tsx scripts/bench/lib/cpu-profile-summary.ts .bench/cpuprofile/<the larger, thread 0 file>.cpuprofile
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import createFetchClient from 'openapi-fetch';
import { createClient } from '@seo-geo/client';
import type { paths } from '@seo-geo/types';
import { LOOPBACK } from './lib/net.js';

// Many short rounds rather than a few long ones: a burst of other work on the machine then spoils
// a few rounds of every variant, and the median passes over them.
const CALLS_PER_ROUND = 100;
const ROUNDS = 150;
const WARMUP_ROUNDS = 10;
const ITEMS = 5_000;
const PAGE_SIZE = 100;
const WALKS_PER_ROUND = 1;
const WALK_ROUNDS = 90;
const API_KEY = 'sk_live_benchbenchbenchbenchbenchbench';
const USER_AGENT = 'seo-geo-client/1.0.0 (api 1.6.0)';
const REQUEST_ID = '0192f8f0-82c4-739a-a0b7-e25d6e7f8091';
const TARGET_CALL_US = 15;
const TARGET_ITEMS_PCT = 10;

// ---- The server (child process) ----

function serve(): void {
  const me = JSON.stringify({
    data: { userId: '0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', email: 'bench@example.com', plan: 'agency', apiKeyPrefix: API_KEY.slice(0, 12) },
    meta: { requestId: REQUEST_ID },
  });
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: `0192f8a2-1b4d-7c21-9d3e-${String(i).padStart(12, '0')}`,
    name: `Site ${i}`,
    primaryDomain: `https://site${i}.example.com`,
    createdAt: '2025-01-15T09:30:00.000Z',
  }));
  const totalPages = Math.ceil(ITEMS / PAGE_SIZE);
  const pages = new Map<number, string>();
  for (let page = 1; page <= totalPages; page++) {
    const data = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const meta = { page, pageSize: PAGE_SIZE, total: ITEMS, totalPages, hasNextPage: page < totalPages, requestId: REQUEST_ID };
    pages.set(page, JSON.stringify({ data, meta }));
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = url.pathname.endsWith('/me') ? me : pages.get(Number(url.searchParams.get('page') ?? '1'));
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    // A bucket so large that pacing never holds a request, as the real headers would say.
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'X-Request-Id': REQUEST_ID,
      'X-RateLimit-Limit': '1000000',
      'X-RateLimit-Remaining': '999999',
      'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000)),
    });
    res.end(body);
  });
  server.listen(0, LOOPBACK, () => process.send!({ port: (server.address() as AddressInfo).port }));
  // Ends with the parent, however the parent ends.
  process.on('disconnect', () => process.exit(0));
}

/** Starts the server in a child process (without the parent's --cpu-prof) and returns its base URL. */
async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`The bench server exited (${signal ?? `code ${String(code)}`}) before listening`)));
  });
  return { baseUrl: `http://${LOOPBACK}:${port}/api/public/v1`, stop: () => child.disconnect() };
}

// ---- Measuring ----

type Run = () => Promise<unknown>;

/** CPU time (user + system, all threads of this process) of `count` sequential runs, in µs. */
async function cpuMicros(count: number, run: Run): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1 ? [[...items]] : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));

/**
 * Runs every variant `perRound` times per round and returns each variant's CPU µs per unit in
 * every round (`units` units per run). Rounds go through every order of the variants in turn:
 * work one variant leaves behind (garbage to collect, finalizers) lands on whichever runs next,
 * so each must follow each other one as often.
 */
async function measure(variants: Record<string, Run>, rounds: number, perRound: number, units: number): Promise<Record<string, number[]>> {
  const names = Object.keys(variants);
  const orders = permutations(names);
  const perUnit: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  // Warm-up: JIT, keep-alive sockets, lazily compiled paths.
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const name of names) await cpuMicros(perRound, variants[name]!);
  for (let round = 0; round < rounds; round++) {
    for (const name of orders[round % orders.length]!) perUnit[name]!.push((await cpuMicros(perRound, variants[name]!)) / (perRound * units));
  }
  return perUnit;
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const { baseUrl, stop } = await startServer();
  try {
    const headers = { Authorization: `Bearer ${API_KEY}`, 'User-Agent': USER_AGENT };
    const client = createClient({ apiKey: API_KEY, baseUrl });
    const openapi = createFetchClient<paths>({ baseUrl, headers });

    // ---- One call: GET /me ----
    const calls = await measure(
      {
        fetch: async () => {
          const response = await fetch(`${baseUrl}/me`, { headers });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return ((await response.json()) as { data: unknown }).data;
        },
        'openapi-fetch': async () => {
          const { data, error } = await openapi.GET('/me');
          if (error !== undefined) throw new Error('GET /me failed');
          return data.data;
        },
        client: () => client.me.get(),
        // Context, not a target: openapi-fetch with the deadline every call of the client has
        // (an AbortController and a timer), to tell what the deadline costs from the rest.
        'openapi-fetch + deadline': async () => {
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), 60_000);
          try {
            const { data, error } = await openapi.GET('/me', { signal: controller.signal });
            if (error !== undefined) throw new Error('GET /me failed');
            return data.data;
          } finally {
            clearTimeout(timer);
          }
        },
      },
      ROUNDS,
      CALLS_PER_ROUND,
      1,
    );
    const fetchUs = median(calls['fetch']!);
    const openapiUs = median(calls['openapi-fetch']!);
    const clientUs = median(calls['client']!);
    const deadlineUs = median(calls['openapi-fetch + deadline']!);
    // The overhead is the median of the per-round differences: the two ran back to back in each
    // round, so a slow stretch of the machine lands on both sides of a difference.
    const overheadUs = median(calls['client']!.map((us, round) => us - calls['openapi-fetch']![round]!));
    console.log(`Node ${process.version}; CPU time of the calling process (process.cpuUsage, user + system), server in a child process`);
    // CPU time is not immune to a busy machine: a core shared with other work runs slower.
    console.log(
      `Load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs at the end of the calls (figures inflate when it is above the CPUs)`,
    );
    console.log(`\nGET /me: ${ROUNDS} rounds of ${CALLS_PER_ROUND} sequential calls per variant, median round`);
    console.log(`  fetch:          ${fetchUs.toFixed(1).padStart(6)} µs CPU per call`);
    console.log(`  openapi-fetch:  ${openapiUs.toFixed(1).padStart(6)} µs CPU per call`);
    console.log(`  client:         ${clientUs.toFixed(1).padStart(6)} µs CPU per call`);
    console.log(`  openapi-fetch + deadline: ${deadlineUs.toFixed(1)} µs CPU per call (context: an AbortController and a timer per call, as the client)`);
    console.log(
      `  client over openapi-fetch: ${overheadUs.toFixed(1)} µs per call (median of per-round differences; of the medians: ${(clientUs - openapiUs).toFixed(1)}); target <= ${TARGET_CALL_US} µs: ${verdict(overheadUs <= TARGET_CALL_US)}`,
    );

    // ---- Items: 5,000 over 50 pages ----
    const walk = {
      'for await items': async () => {
        let n = 0;
        for await (const project of client.projects.list({ pageSize: PAGE_SIZE })) if (project.id) n++;
        if (n !== ITEMS) throw new Error(`Walked ${n} items`);
      },
      'pages by hand': async () => {
        let n = 0;
        for await (const page of client.projects.list({ pageSize: PAGE_SIZE }).pages()) for (const project of page.data) if (project.id) n++;
        if (n !== ITEMS) throw new Error(`Walked ${n} items`);
      },
      'openapi-fetch pages': async () => {
        let n = 0;
        for (let page = 1; ; page++) {
          const { data, error } = await openapi.GET('/projects', { params: { query: { pageSize: PAGE_SIZE, page } } });
          if (error !== undefined) throw new Error('GET /projects failed');
          for (const project of data.data) if (project.id) n++;
          if (!data.meta.hasNextPage) break;
        }
        if (n !== ITEMS) throw new Error(`Walked ${n} items`);
      },
    };
    const walks = await measure(walk, WALK_ROUNDS, WALKS_PER_ROUND, ITEMS);
    const itemsUs = median(walks['for await items']!);
    const pagesUs = median(walks['pages by hand']!);
    const rawPagesUs = median(walks['openapi-fetch pages']!);
    const itemsPct = median(walks['for await items']!.map((us, round) => (us / walks['pages by hand']![round]! - 1) * 100));
    console.log(`\n${ITEMS} items in ${ITEMS / PAGE_SIZE} pages of ${PAGE_SIZE}: ${WALK_ROUNDS} rounds of ${WALKS_PER_ROUND} walks per variant, median round`);
    console.log(`  client, for await over items:        ${itemsUs.toFixed(3)} µs CPU per item`);
    console.log(`  client, .pages() with a hand loop:   ${pagesUs.toFixed(3)} µs CPU per item`);
    console.log(`  openapi-fetch pages, hand loop:      ${rawPagesUs.toFixed(3)} µs CPU per item (context)`);
    console.log(
      `  items over pages by hand: ${itemsPct.toFixed(1)}% (median of per-round ratios; of the medians: ${((itemsUs / pagesUs - 1) * 100).toFixed(1)}%); target <= ${TARGET_ITEMS_PCT}%: ${verdict(itemsPct <= TARGET_ITEMS_PCT)}`,
    );
  } finally {
    stop();
  }
}

if (process.argv.includes('--serve')) serve();
else await main();
