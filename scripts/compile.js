// `npm start`, `npm run worker` and `npm run admin` run compiled JavaScript on plain node, not the
// TypeScript sources through tsx: tsx's loader, and the second node process its command starts,
// cost each server or worker about 120 MB more (the README gives the figures). This compiles the
// packages those commands run (types, engine, server) before each of them starts.
//
// Each package's sources go file by file to its `compiled/` folder, in the same layout, so relative
// paths hold (the analysis pool finds its worker module beside it, `../generated/openapi.json` is
// copied where the import looks for it), and a stack names the source file. The packages' `exports`
// name those files under the `seo-geo-compiled` condition, which the commands pass to node
// (`--conditions=seo-geo-compiled`, inherited by cluster processes and worker threads); anywhere
// else (vitest, tsc, tsx, ESLint) the exports name the sources, so the tests and the typecheck need
// no build. One bundle per command was tried: an idle server took about 8 MB more than with these
// files. tsc was tried: as fast to run, but about 13 s and 600 MB to compile on 2 cores where esbuild
// takes a fraction of a second; the types are checked by `npm test`, as they were under tsx. No
// source maps: `--enable-source-maps` would cost about 8 MB of heap.
//
// When no input changed since the last compile (same files, sizes and modification times) and every
// output is still there, nothing is written and esbuild is not even loaded. Outputs are written to a
// temporary name and renamed, so a process starting meanwhile never reads half a file.
//
// `node scripts/compile.js` prints one line to stderr when it compiled and nothing otherwise
// (`npm run admin -- … --json` keeps a clean stdout); `--force` compiles whatever the state.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** The folder of a package that holds its compiled files (ignored by git, ESLint, Prettier and the checks). */
const OUT_DIR = 'compiled';
/** Package folder → the folders in it that are compiled (everything a `./src/*.ts` export imports). */
const PACKAGES = {
  'packages/types': ['src', 'generated'],
  'packages/engine': ['src'],
  'packages/server': ['src'],
};
/** Files that change what esbuild writes without being compiled: this script, the TypeScript settings, the Node.js version. */
const SETTINGS = ['scripts/compile.js', 'tsconfig.json', 'tsconfig.base.json', 'package.json'];
const STATE_FILE = join(ROOT, 'node_modules/.cache/seo-geo-compile.json');

const posix = (path) => path.split(sep).join('/');

/** Every source file, repository-relative, with its size and modification time. */
function listInputs() {
  const inputs = {};
  const add = (path) => {
    const stats = statSync(join(ROOT, path));
    inputs[path] = [stats.size, stats.mtimeMs];
  };
  for (const [pkg, folders] of Object.entries(PACKAGES)) {
    for (const folder of folders) {
      for (const entry of readdirSync(join(ROOT, pkg, folder), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) add(posix(relative(ROOT, join(entry.parentPath, entry.name))));
      }
    }
  }
  for (const path of SETTINGS) add(path);
  return inputs;
}

/** Where a source file goes: `packages/x/src/a.ts` → `packages/x/compiled/src/a.js`; other files keep their name. */
function outputOf(input) {
  const pkg = Object.keys(PACKAGES).find((dir) => input.startsWith(`${dir}/`));
  return `${pkg}/${OUT_DIR}/${input.slice(pkg.length + 1).replace(/\.ts$/, '.js')}`;
}

function readState() {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

/** The same files as last time, each of the same size and modification time, and every output still there. */
function upToDate(state, inputs) {
  if (!state) return false;
  const paths = Object.keys(inputs);
  if (paths.length !== Object.keys(state.inputs).length) return false;
  for (const path of paths) {
    const was = state.inputs[path];
    if (!was || was[0] !== inputs[path][0] || was[1] !== inputs[path][1]) return false;
  }
  return state.outputs.every((path) => existsSync(join(ROOT, path)));
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Files left in the compiled folders by sources that are gone. */
function removeStale(outputs) {
  const kept = new Set(outputs);
  for (const pkg of Object.keys(PACKAGES)) {
    const folder = join(ROOT, pkg, OUT_DIR);
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      const path = posix(relative(ROOT, join(entry.parentPath, entry.name)));
      if (entry.isFile() && !kept.has(path) && !path.endsWith('.tmp')) rmSync(join(ROOT, path));
    }
  }
}

async function compile(inputs) {
  const { build } = await import('esbuild');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const node = /\d+(?:\.\d+){0,2}/.exec(manifest.engines.node)[0];
  const sources = Object.keys(inputs).filter((path) => !SETTINGS.includes(path));
  const typescript = sources.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'));
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: typescript,
    // Where esbuild would put each file; outputOf() says where it goes.
    outbase: 'packages',
    outdir: 'packages',
    write: false,
    bundle: false,
    format: 'esm',
    platform: 'node',
    // The oldest Node.js the root package.json allows: below 20.10 esbuild would drop the JSON imports' `with { type: 'json' }`.
    target: `node${node}`,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  const outputs = [];
  for (const file of outputFiles) {
    const source = posix(relative(ROOT, file.path)).replace(/\.js$/, '.ts');
    const output = outputOf(source);
    writeAtomically(join(ROOT, output), file.contents);
    outputs.push(output);
  }
  // Files imported as they are (the bundled OpenAPI document).
  for (const source of sources.filter((path) => !path.endsWith('.ts'))) {
    const output = outputOf(source);
    writeAtomically(join(ROOT, output), readFileSync(join(ROOT, source)));
    outputs.push(output);
  }
  removeStale(outputs);
  writeAtomically(STATE_FILE, `${JSON.stringify({ inputs, outputs })}\n`);
  return outputs.length;
}

const started = performance.now();
const inputs = listInputs();
if (process.argv.includes('--force') || !upToDate(readState(), inputs)) {
  const count = await compile(inputs);
  const names = Object.keys(PACKAGES).map((pkg) => pkg.slice('packages/'.length));
  process.stderr.write(`compiled ${names.join(', ')} (${count} files) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
