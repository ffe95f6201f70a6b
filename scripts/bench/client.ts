// `npm run bench:client`: the client's overhead per call over hand-written fetch, on a local
// server that answers in the real envelope with rate-limit headers that never trigger pacing.
// 10,000 sequential `client.me.get()` against the same calls with fetch and the same headers,
// then walking 5,000 items by auto-pagination against a hand loop. Rounds alternate between the
// two so that drift in the machine's speed hits both alike. Target: at most 10% more per call.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createClient } from '@seo-geo/client';

const CALLS = 10_000;
const ITEMS = 5_000;
const PAGE_SIZE = 100;
const ROUNDS = 20;
const API_KEY = 'sk_live_benchbenchbenchbenchbenchbench';
const USER_AGENT = 'seo-geo-client/1.0.0';

const me = JSON.stringify({
  data: { userId: '0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', email: 'bench@example.com', plan: 'agency', apiKeyPrefix: API_KEY.slice(0, 12) },
  meta: { requestId: '0192f8f0-82c4-739a-a0b7-e25d6e7f8091' },
});
const items = Array.from({ length: ITEMS }, (_, i) => ({
  id: `0192f8a2-1b4d-7c21-9d3e-${String(i).padStart(12, '0')}`,
  name: `Site ${i}`,
  primaryDomain: `https://site${i}.example.com`,
  createdAt: '2025-01-15T09:30:00.000Z',
}));
const pages = new Map<number, string>();
const totalPages = Math.ceil(ITEMS / PAGE_SIZE);
for (let page = 1; page <= totalPages; page++) {
  pages.set(
    page,
    JSON.stringify({
      data: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      meta: { page, pageSize: PAGE_SIZE, total: ITEMS, totalPages, hasNextPage: page < totalPages, requestId: '0192f8f0-82c4-739a-a0b7-e25d6e7f8091' },
    }),
  );
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const body = url.pathname.endsWith('/me') ? me : pages.get(Number(url.searchParams.get('page') ?? '1'));
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': '0192f8f0-82c4-739a-a0b7-e25d6e7f8091',
    'X-RateLimit-Limit': '1000000',
    'X-RateLimit-Remaining': '999999',
    'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000)),
  });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1`;

const client = createClient({ apiKey: API_KEY, baseUrl });
const headers = { Authorization: `Bearer ${API_KEY}`, 'User-Agent': USER_AGENT };

async function handMe(): Promise<unknown> {
  const response = await fetch(`${baseUrl}/me`, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { data: unknown }).data;
}

// Context, not the target: the same hand-written call with a deadline, which the client always has.
async function handMeWithDeadline(): Promise<unknown> {
  const response = await fetch(`${baseUrl}/me`, { headers, signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { data: unknown }).data;
}

async function clientWalk(): Promise<number> {
  let n = 0;
  for await (const project of client.projects.list({ pageSize: PAGE_SIZE })) if (project.id) n++;
  return n;
}

async function clientPageWalk(): Promise<number> {
  let n = 0;
  for await (const page of client.projects.list({ pageSize: PAGE_SIZE }).pages()) for (const project of page.data) if (project.id) n++;
  return n;
}

async function handWalk(): Promise<number> {
  let n = 0;
  for (let page = 1; ; page++) {
    const response = await fetch(`${baseUrl}/projects?pageSize=${PAGE_SIZE}&page=${page}`, { headers });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { data: Array<{ id: string }>; meta: { hasNextPage: boolean } };
    for (const project of body.data) if (project.id) n++;
    if (!body.meta.hasNextPage) return n;
  }
}

async function time(count: number, fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await fn();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Runs `rounds` rounds of `perRound` calls of each, alternating which goes first, and compares
 * the median round: on a shared machine a burst of other work lands in a few rounds, not in
 * one side's total.
 */
async function compare(
  label: string,
  unit: string,
  unitsPerCall: number,
  rounds: number,
  perRound: number,
  hand: () => Promise<unknown>,
  viaClient: () => Promise<unknown>,
) {
  // Warm-up: JIT, keep-alive sockets, lazily compiled paths.
  await time(perRound * 2, hand);
  await time(perRound * 2, viaClient);
  const handRounds: number[] = [];
  const clientRounds: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      handRounds.push(await time(perRound, hand));
      clientRounds.push(await time(perRound, viaClient));
    } else {
      clientRounds.push(await time(perRound, viaClient));
      handRounds.push(await time(perRound, hand));
    }
  }
  const per = (ms: number) => ms / (perRound * unitsPerCall);
  const handPer = per(median(handRounds));
  const clientPer = per(median(clientRounds));
  const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
  console.log(label);
  console.log(`  hand-written fetch: ${handPer.toFixed(4)} ms per ${unit} (median round; mean ${per(total(handRounds) / rounds).toFixed(4)})`);
  console.log(`  client:             ${clientPer.toFixed(4)} ms per ${unit} (median round; mean ${per(total(clientRounds) / rounds).toFixed(4)})`);
  console.log(`  overhead:           ${((clientPer / handPer - 1) * 100).toFixed(1)}% (ratio ${(clientPer / handPer).toFixed(3)}; target <= 1.10)`);
  return clientPer / handPer;
}

console.log(`Node ${process.version}, ${ROUNDS} rounds each, alternating which side goes first\n`);
const meRatio = await compare(`${CALLS} sequential GET /me (each side)`, 'call', 1, ROUNDS, CALLS / ROUNDS, handMe, () => client.me.get());
await compare(
  `context: ${CALLS} GET /me, hand-written fetch with AbortSignal.timeout (as "client")`,
  'call',
  1,
  ROUNDS,
  CALLS / ROUNDS,
  handMe,
  handMeWithDeadline,
);
const walkRatio = await compare(
  `${ROUNDS} walks of ${ITEMS} items (${totalPages} pages of ${PAGE_SIZE}), for await over items (each side)`,
  'item',
  ITEMS,
  ROUNDS,
  1,
  handWalk,
  clientWalk,
);
// The same walk by pages: separates the page requests from the one await per item that any
// `for await` over items costs.
const pageWalkRatio = await compare(
  `${ROUNDS} walks of ${ITEMS} items, for await over .pages() (each side)`,
  'item',
  ITEMS,
  ROUNDS,
  1,
  handWalk,
  clientPageWalk,
);
server.close();
if (Math.max(meRatio, walkRatio, pageWalkRatio) > 1.1) {
  console.log('\nOver the 10% target.');
  process.exitCode = 1;
}
