// A bench's own worker file, run as `npm run worker` runs the server's worker: the packages
// compiled as that command compiles them (scripts/compile.js), and the bench's file bundled by
// esbuild into .bench/, beside the repository's node_modules, with its imports of the packages
// left to node. Started with workerNodeFlags(), node resolves those to the compiled files (the
// seo-geo-compiled condition), so no TypeScript loader runs in the measured process: tsx's costs a
// process some 30 MB, and its loader thread CPU.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const built = new Map<string, Promise<string>>();

/** The runnable file, .bench/`name`, of the bench worker whose source is `entry` (built once per process). */
export function compiledWorker(entry: string, name: string): Promise<string> {
  let file = built.get(entry);
  if (file === undefined) {
    file = (async () => {
      execFileSync(process.execPath, [join(REPO, 'scripts', 'compile.js')], { stdio: 'inherit' });
      const { build } = await import('esbuild');
      const outfile = join(REPO, '.bench', name);
      await build({ entryPoints: [entry], outfile, bundle: true, packages: 'external', platform: 'node', format: 'esm', logLevel: 'warning' });
      return outfile;
    })();
    built.set(entry, file);
  }
  return file;
}
