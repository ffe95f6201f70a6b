// `npm run pack`: the packages users install, as npm tarballs in `.pack/` (or `--out DIR`).
//
// In the workspace, packages point at their TypeScript sources, so the repository runs, tests and
// type-checks with no build step. What is published is built: each package is compiled by its
// tsconfig.build.json (ESM and declarations, checked under exactOptionalPropertyTypes without the
// DOM lib), staged with a manifest whose `exports` name the built files, and packed from there.
// `npm pack` inside a package directory refuses and points here.
//
// None of our packages is on a registry, and anyone could register the @seo-geo scope: a tarball
// that named one as a dependency would make npm look for it there (and install whatever it found).
// So a package carries the workspace packages it imports: their built files go into its
// `dist/vendor/<name>/`, its imports of them are rewritten to relative paths (the JavaScript and
// the declarations), and their third-party dependencies become its own. The client carries the
// types, the CLI the client (with its types); each tarball installs on its own.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuiltin } from 'node:module';
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
  exports?: Record<string, string | { types: string; default: string }>;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** A package staged for packing: its folder, and the manifest it is published with. */
interface Staged {
  stage: string;
  manifest: Manifest;
}

/** The workspace's packages, by the scope they are named in. */
const WORKSPACE_SCOPE = '@seo-geo/';

/** Builds and packs every publishable package (those imported first); returns the tarballs' paths. */
export function packAll(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const stageRoot = join(outDir, 'stage');
  rmSync(stageRoot, { recursive: true, force: true });
  const staged = new Map<string, Staged>();
  return PUBLISHABLE.map((pkg) => pack(pkg, stageRoot, outDir, staged));
}

function pack(pkg: Publishable, stageRoot: string, outDir: string, staged: Map<string, Staged>): string {
  const source = join(ROOT, pkg.dir);
  rmSync(join(source, 'dist'), { recursive: true, force: true });
  execFileSync(TSC, ['-p', join(source, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });

  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as Manifest;
  const stage = join(stageRoot, manifest.name.replace('/', '__'));
  mkdirSync(stage, { recursive: true });
  cpSync(join(source, 'dist'), join(stage, 'dist'), { recursive: true });
  for (const [from, to] of Object.values(pkg.data ?? {})) cpSync(join(source, from), join(stage, to));
  if (existsSync(join(source, 'README.md'))) cpSync(join(source, 'README.md'), join(stage, 'README.md'));
  const carried = vendorWorkspacePackages(stage, staged);
  const published = publishedManifest(manifest, pkg, stage, carried);
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  staged.set(manifest.name, { stage, manifest: published });

  const tarball = execFileSync('npm', ['pack', stage, '--pack-destination', outDir, '--silent'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  return join(outDir, tarball);
}

/** Every module specifier in a built file (.js or .d.ts): `from '…'`, `import '…'`, `import('…')`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\2/g;

const builtFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') || file.endsWith('.d.ts'))
    .map((file) => join(dir, file));

/**
 * Copies the workspace packages the staged files import into `dist/vendor/<name>/` and points the
 * imports there; returns the manifests of the packages carried, whose dependencies become this one's.
 */
function vendorWorkspacePackages(stage: string, staged: ReadonlyMap<string, Staged>): Manifest[] {
  const carried = new Map<string, Manifest>();
  const vendorDir = (name: string) => join(stage, 'dist/vendor', name.slice(WORKSPACE_SCOPE.length));
  for (const file of builtFiles(join(stage, 'dist'))) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(SPECIFIER, (whole, before: string, quote: string, specifier: string) => {
      if (!specifier.startsWith(WORKSPACE_SCOPE)) return whole;
      const name = specifier.split('/').slice(0, 2).join('/');
      const dependency = staged.get(name);
      if (!dependency) throw new Error(`${relative(stage, file)} imports ${specifier}, which is not packed before it (PUBLISHABLE's order)`);
      const target = dependency.manifest.exports?.[`.${specifier.slice(name.length)}`];
      if (target === undefined) throw new Error(`${relative(stage, file)} imports ${specifier}, which ${name} does not export`);
      const entry = typeof target === 'string' ? target : target.default;
      for (const reached of filesReached(dependency.stage, entry)) cpSync(join(dependency.stage, reached), join(vendorDir(name), reached));
      carried.set(name, dependency.manifest);
      const path = relative(dirname(file), join(vendorDir(name), entry));
      return `${before}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
  return [...carried.values()];
}

/**
 * The files of a staged package an import of `entry` loads or types: the entry, its declarations,
 * and what their relative imports reach (package-relative paths). Nothing else is carried: the
 * types' bundled OpenAPI document, for one, is not the client's.
 */
function filesReached(packageDir: string, entry: string): string[] {
  const reached = new Set<string>();
  const visit = (path: string) => {
    const twins = path.endsWith('.js') ? [path, path.replace(/\.js$/, '.d.ts')] : [path];
    for (const twin of twins.filter((candidate) => !reached.has(candidate) && existsSync(join(packageDir, candidate)))) {
      reached.add(twin);
      if (twin.endsWith('.json')) continue;
      for (const [, , , specifier] of readFileSync(join(packageDir, twin), 'utf8').matchAll(SPECIFIER)) {
        if (specifier!.startsWith('.')) visit(join(dirname(twin), specifier!));
      }
    }
  };
  visit(entry.replace(/^\.\//, ''));
  return [...reached];
}

/** The workspace manifest as users get it: built entry points, the files to ship, nothing private. */
function publishedManifest(manifest: Manifest, pkg: Publishable, stage: string, carried: readonly Manifest[]): Manifest {
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
    dependencies: runtimeDependencies(manifest, join(stage, 'dist'), carried),
  };
}

/**
 * The dependencies the built files import (the workspace may declare more, e.g. for tests): this
 * package's own, and those of the packages it carries. An import neither declares fails the pack.
 */
function runtimeDependencies(manifest: Manifest, dist: string, carried: readonly Manifest[]): Record<string, string> {
  const declared = { ...Object.assign({}, ...carried.map((other) => other.dependencies)), ...manifest.dependencies } as Record<string, string>;
  const imported = new Set<string>();
  for (const file of builtFiles(dist).filter((path) => path.endsWith('.js'))) {
    for (const [, , , specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (/^[./]/.test(specifier!) || specifier!.startsWith('node:')) continue;
      const parts = specifier!.split('/');
      imported.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  const undeclared = [...imported].filter((name) => !(name in declared) && !isBuiltin(name));
  if (undeclared.length > 0) throw new Error(`${manifest.name}'s built files import ${undeclared.join(', ')}, which no manifest declares`);
  return Object.fromEntries(Object.entries(declared).filter(([name]) => imported.has(name)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(ROOT, '.pack') } } });
  for (const tarball of packAll(resolve(values.out))) console.log(tarball);
}
