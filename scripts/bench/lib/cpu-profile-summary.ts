// Summarises a V8 .cpuprofile (node --cpu-prof): where the samples fall, by package or source file
// and by function, self time and inclusive time. Usage:
//   npx tsx scripts/bench/lib/cpu-profile-summary.ts <file.cpuprofile> [--top 25]
// Inclusive time only follows synchronous stacks: after an `await`, a continuation starts a new
// stack under the event loop, so an async middleware's inclusive time covers one slice at a time.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package> (scoped too), a workspace file, or node's own internals. */
function groupOf(url: string): string {
  if (url === '') return '(native / VM)';
  if (url.startsWith('node:')) return 'node: internals';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules[modules.length - 1]!.replace('node_modules/', '');
  const workspace = url.match(/\/(packages\/[^/]+\/src\/.+|scripts\/.+)$/);
  return workspace ? workspace[1]! : url;
}

function frameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${groupOf(url)}:${lineNumber + 1}`;
}

export function summarise(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfByGroup = new Map<string, number>();
  const selfByFrame = new Map<string, number>();
  const inclusiveByFrame = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const dt = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    total += dt;
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
      if (name === '(idle)') idle += dt;
      selfByGroup.set(name, (selfByGroup.get(name) ?? 0) + dt);
      return;
    }
    const group = groupOf(node.callFrame.url);
    selfByGroup.set(group, (selfByGroup.get(group) ?? 0) + dt);
    selfByFrame.set(frameOf(node), (selfByFrame.get(frameOf(node)) ?? 0) + dt);
    // Count each frame once per sample, however deep the recursion.
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = frameOf(byId.get(current)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusiveByFrame.set(frame, (inclusiveByFrame.get(frame) ?? 0) + dt);
    }
  });

  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const rank = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = [`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages are of busy time)`, '', 'Self time by package / file:'];
  for (const [name, us] of rank(selfByGroup)) if (name !== '(idle)') lines.push(`  ${pct(us)}  ${name}`);
  lines.push('', 'Self time by function:');
  for (const [name, us] of rank(selfByFrame)) lines.push(`  ${pct(us)}  ${name}`);
  lines.push('', 'Inclusive time by function (synchronous stacks):');
  for (const [name, us] of rank(inclusiveByFrame)) lines.push(`  ${pct(us)}  ${name}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  if (positionals.length !== 1) {
    console.error('Usage: tsx scripts/bench/lib/cpu-profile-summary.ts <file.cpuprofile> [--top N]');
    process.exit(2);
  }
  console.log(summarise(JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile, Number(values.top)));
}
