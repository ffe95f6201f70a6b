// Where the worker's CPU time goes during an audit: each sample of its V8 CPU profile is put in one
// cost category (fetch, analysis, storage, site checks, GC…) and in the audit phase it fell in.
//
// Category: the innermost frame that says what the work is for decides. Frames of shared code
// (node internals, native code, the HTML parser, JSON) defer to their callers, so JSON.stringify
// under a repository counts as storage and htmlparser2 under the analyser as analysis.
// Phase: the sample's time against the phase changes the bench saw by polling. V8 profile
// timestamps and process.hrtime() read the same monotonic clock (Linux), so the parent's hrtime
// stamps place the samples; polling every ~100 ms blurs each boundary by that much.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarise } from '../lib/cpu-profile-summary.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface PhaseWindow {
  phase: string;
  /** Monotonic clock, µs (process.hrtime.bigint() / 1000). */
  startUs: number;
  endUs: number;
}

const CATEGORIES: Array<[string, RegExp]> = [
  [
    'storage (SQL driver, query building, row serialisation)',
    /node_modules\/(kysely|better-sqlite3|pg|pg-protocol|pg-types|pgpass|postgres-[a-z]+)\/|\/server\/src\/storage\//,
  ],
  ['site checks (duplicates, orphans, depth, sitemap, SimHash index)', /\/engine\/src\/site-checks\//],
  ['analysis (parse, extract, score, issues)', /\/engine\/src\/(analyse|page|score|brief)\//],
  ['crawl: fetch (undici, SSRF-guarded dispatcher)', /node_modules\/undici\/|\/engine\/src\/net\//],
  ['crawl: frontier, robots, sitemaps, URLs', /\/engine\/src\/(crawl|site)\/|node_modules\/(tldts[a-z-]*|robots-parser|ipaddr\.js)\//],
  ['audit orchestration (engine run-audit)', /\/engine\/src\/audit\//],
  ['audit job (stored page, tally, progress)', /\/server\/src\/(services|jobs|webhooks|composition)\//],
  ['logging', /node_modules\/(pino[a-z-]*|sonic-boom|thread-stream)\//],
  ['module loading (tsx, esbuild)', /node_modules\/(tsx|esbuild|get-tsconfig)\//],
];

/** Frames that do not say what the work is for: their callers decide. */
const SHARED = /^$|^node:|node_modules\/(htmlparser2|domhandler|domutils|entities|dom-serializer|p-limit|yocto-queue)\//;

export function categoriseProfile(profile: CpuProfile, windows: PhaseWindow[]): { table: string; totals: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const categoryCache = new Map<number, string>();

  const categoryOf = (id: number): string => {
    const cached = categoryCache.get(id);
    if (cached !== undefined) return cached;
    const leaf = byId.get(id)!.callFrame.functionName;
    let found: string | undefined;
    if (leaf === '(garbage collector)') found = 'GC';
    else if (leaf === '(idle)') found = '(idle)';
    else if (leaf === '(program)') found = 'V8 (program: compile, IC, runtime)';
    for (let current: number | undefined = id; found === undefined && current !== undefined; current = parent.get(current)) {
      const { url } = byId.get(current)!.callFrame;
      if (SHARED.test(url)) continue;
      found = CATEGORIES.find(([, pattern]) => pattern.test(url))?.[0] ?? `other: ${url.replace(/^.*\/(node_modules\/|packages\/|scripts\/)/, '$1')}`;
    }
    found ??= 'node internals, no JS caller (sockets, streams, timers)';
    categoryCache.set(id, found);
    return found;
  };

  const phaseOf = (us: number): string | undefined => windows.find((w) => us >= w.startUs && us < w.endUs)?.phase;
  const cells = new Map<string, Map<string, number>>();
  const phaseTotals = new Map<string, number>();
  const totals = new Map<string, number>();
  let outside = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, index) => {
    t += profile.timeDeltas[index] ?? 0;
    const dt = profile.timeDeltas[index + 1] ?? 0; // the sample stands for the interval after it
    const category = categoryOf(id);
    if (category === '(idle)') return;
    const phase = phaseOf(t);
    // Start-up (module loading) and shut-down are not the audit's.
    if (phase === undefined) return void (outside += dt);
    const row = cells.get(category) ?? new Map<string, number>();
    row.set(phase, (row.get(phase) ?? 0) + dt);
    cells.set(category, row);
    phaseTotals.set(phase, (phaseTotals.get(phase) ?? 0) + dt);
    totals.set(category, (totals.get(category) ?? 0) + dt);
  });

  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  const wall = windows.length > 0 ? windows[windows.length - 1]!.endUs - windows[0]!.startUs : 0;
  const phases = windows.map((w) => w.phase).filter((p, i, all) => all.indexOf(p) === i);
  const lines = [
    `worker CPU during the audit: ${(busy / 1e6).toFixed(1)} s busy in ${(wall / 1e6).toFixed(1)} s (${((100 * busy) / wall).toFixed(0)}% of one core; ${(outside / 1e6).toFixed(1)} s more before and after it)`,
    `  ${'CPU seconds by cost and phase'.padEnd(62)} ${phases.map((p) => p.slice(0, 11).padStart(11)).join(' ')}  % of busy`,
  ];
  const row = (label: string, perPhase: (phase: string) => number, us: number) =>
    lines.push(
      `  ${label.slice(0, 62).padEnd(62)} ${phases.map((p) => (perPhase(p) / 1e6).toFixed(1).padStart(11)).join(' ')} ${`${((100 * us) / busy).toFixed(1)}%`.padStart(10)}`,
    );
  // Sources under 0.5% without a category of their own are summed on one line.
  const small = [...totals.entries()].filter(([category, us]) => category.startsWith('other: ') && us < busy * 0.005);
  for (const [category, us] of [...totals.entries()].sort((a, b) => b[1] - a[1])) {
    if (small.some(([c]) => c === category)) continue;
    row(category, (p) => cells.get(category)!.get(p) ?? 0, us);
  }
  if (small.length > 0) {
    row(
      `other: ${small.length} more sources`,
      (p) => small.reduce((sum, [c]) => sum + (cells.get(c)!.get(p) ?? 0), 0),
      small.reduce((sum, [, us]) => sum + us, 0),
    );
  }
  row('all', (p) => phaseTotals.get(p) ?? 0, busy);
  return { table: lines.join('\n'), totals };
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/** The worker's profile, broken down by cost and phase, then by function; the file is kept for a closer look. */
export function profileReport(profileDir: string, windows: PhaseWindow[]): string {
  // One profile per thread: the main thread's is `.0.`; tsx's module loader has a thread of its own.
  const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  const file = files.find((f) => /\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
  if (!file) return `no .cpuprofile was written into ${profileDir}`;
  const data = readProfile(join(profileDir, file));
  return `${categoriseProfile(data, windows).table}\n\nprofile ${join(profileDir, file)} (functions: npx tsx scripts/bench/lib/cpu-profile-summary.ts <file>)\n${summarise(data, 15)}`;
}
