// The node flags `npm run worker` starts a worker with (its script in package.json: the compiled
// condition, the heap's settings), so that a bench measures the engine as a worker process runs it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));

/** Every `--flag` of the node command that `npm run worker` ends with. */
export function workerNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: Record<string, string> };
  const command = scripts['worker']!.split('&&').at(-1)!.trim().split(/\s+/);
  return command.filter((arg) => arg.startsWith('--'));
}

/** The heap's settings among them: what matters to a process that runs the engine from its sources. */
export function workerHeapFlags(): string[] {
  return workerNodeFlags().filter((flag) => !flag.startsWith('--conditions'));
}
