// `npm run pack`: the packages users install, as npm tarballs in `.pack/` (or `--out DIR`).
//
// In the workspace, packages point at their TypeScript sources, so the repository runs, tests and
// type-checks with no build step. What is published is built: each package is compiled by its
// tsconfig.build.json (ESM and declarations, checked under exactOptionalPropertyTypes without the
// DOM lib), staged with a manifest whose `exports` name the built files, and packed from there.
// `npm pack` inside a package directory refuses and points here.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const TSC = join(ROOT, 'node_modules/.bin/tsc');

interface Publishable {
  /** Workspace folder. */
  dir: string;
  /** Export subpath → built file, without extension (`.js` and `.d.ts` are both there). */
  exports: Record<string, string>;
  /** Command name → built file, for packages with a command. */
  bin?: Record<string, string>;
  /** Data files shipped as they are: export subpath → [workspace file, file in the package]. */
  data?: Record<string, [string, string]>;
}

export const PUBLISHABLE: Publishable[] = [
  { dir: 'packages/types', exports: { '.': 'dist/src/index' }, data: { './openapi.json': ['generated/openapi.json', 'dist/openapi.json'] } },
  { dir: 'packages/client', exports: { '.': 'dist/index' } },
  { dir: 'packages/cli', exports: {}, bin: { 'seo-geo': 'dist/bin' } },
];

interface Manifest {
  name: string;
  version: string;
  description?: string;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** Builds and packs every publishable package; returns the tarballs' paths. */
export function packAll(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const stageRoot = join(outDir, 'stage');
  rmSync(stageRoot, { recursive: true, force: true });
  return PUBLISHABLE.map((pkg) => pack(pkg, stageRoot, outDir));
}

function pack(pkg: Publishable, stageRoot: string, outDir: string): string {
  const source = join(ROOT, pkg.dir);
  rmSync(join(source, 'dist'), { recursive: true, force: true });
  execFileSync(TSC, ['-p', join(source, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });

  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as Manifest;
  const stage = join(stageRoot, manifest.name.replace('/', '__'));
  mkdirSync(stage, { recursive: true });
  cpSync(join(source, 'dist'), join(stage, 'dist'), { recursive: true });
  for (const [from, to] of Object.values(pkg.data ?? {})) cpSync(join(source, from), join(stage, to));
  if (existsSync(join(source, 'README.md'))) cpSync(join(source, 'README.md'), join(stage, 'README.md'));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(publishedManifest(manifest, pkg), null, 2)}\n`);

  const tarball = execFileSync('npm', ['pack', stage, '--pack-destination', outDir, '--silent'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  return join(outDir, tarball);
}

/** The workspace manifest as users get it: built entry points, the files to ship, nothing private. */
function publishedManifest(manifest: Manifest, pkg: Publishable): Manifest {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines?: unknown };
  const exportsMap = {
    ...Object.fromEntries(Object.entries(pkg.exports).map(([subpath, file]) => [subpath, { types: `./${file}.d.ts`, default: `./${file}.js` }])),
    ...Object.fromEntries(Object.entries(pkg.data ?? {}).map(([subpath, [, file]]) => [subpath, `./${file}`])),
  };
  const main = pkg.exports['.'];
  return {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    type: 'module',
    engines: root.engines,
    ...(Object.keys(exportsMap).length > 0 ? { exports: exportsMap } : {}),
    ...(main ? { main: `./${main}.js`, types: `./${main}.d.ts` } : {}),
    ...(pkg.bin ? { bin: Object.fromEntries(Object.entries(pkg.bin).map(([name, file]) => [name, `./${file}.js`])) } : {}),
    files: ['dist', 'README.md'],
    ...(pkg.bin ? {} : { sideEffects: false }),
    dependencies: runtimeDependencies(manifest, join(ROOT, pkg.dir, 'dist')),
  };
}

/** The workspace dependencies the built files import (the workspace may use more, e.g. in tests). */
function runtimeDependencies(manifest: Manifest, dist: string): Record<string, string> {
  const imported = new Set<string>();
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  for (const file of files) {
    for (const [, specifier] of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"./][^'"]*)['"]/g)) {
      const parts = specifier!.split('/');
      imported.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return Object.fromEntries(Object.entries(manifest.dependencies ?? {}).filter(([name]) => imported.has(name)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(ROOT, '.pack') } } });
  for (const tarball of packAll(resolve(values.out))) console.log(tarball);
}
