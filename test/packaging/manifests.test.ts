// The workspace manifests say what the code does. For each package (and for the root, whose files are
// scripts/, test/ and the config files beside package.json):
//   - every package a file imports is declared in that manifest: `dependencies` (or peer) for a
//     package's src/, dependencies or devDependencies for its tests, benchmarks and examples;
//   - every declared dependency is imported somewhere in that package (an `@types/x` counts when
//     `x` is; at the root, a tool also counts when an npm script runs its binary or a config file
//     names it);
//   - no file reaches into another package's folder with a relative path: other packages are
//     imported by name (`@seo-geo/server`, `@seo-geo/engine/testing`, ...), through their exports;
//   - every `exports` entry names a file that exists, and an entry with the `seo-geo-compiled`
//     condition names there the file scripts/compile.js makes of that source file.
// Imports are read with the TypeScript parser (static and dynamic imports, `export … from`,
// `import('x')` types, require, createRequire(…)(…) and `.resolve('x')`), so text that only looks
// like an import (in a string or a template) does not count. The first block proves each check
// fails on a synthetic workspace that breaks it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
// Build output: dist/ (npm run pack), compiled/ (scripts/compile.js, what npm start runs).
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'compiled']);

interface Manifest {
  name: string;
  /** A file, or (a package npm start runs compiled) the compiled file and the source file by condition. */
  exports?: Record<string, string | { 'seo-geo-compiled': string; default: string }>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Unit {
  /** Folder relative to the repository root, posix; '' for the root. */
  dir: string;
  manifest: Manifest;
  /** Paths relative to the repository root, posix. */
  files: Array<{ path: string; text: string }>;
}

/** Every module specifier a file names. */
function moduleSpecifiers(path: string, text: string): string[] {
  const kind = /\.[cm]?js$/.test(path) ? ts.ScriptKind.JS : path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const isCreateRequire = (node: ts.Node) => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createRequire';
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const requires = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require') || isCreateRequire(callee);
      const resolves =
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'resolve' &&
        ((ts.isIdentifier(callee.expression) && callee.expression.text === 'require') ||
          isCreateRequire(callee.expression) ||
          ts.isMetaProperty(callee.expression));
      if (requires || resolves) literal(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package a bare specifier names; undefined for relative paths and Node built-ins. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isSource = (unit: Unit, path: string) => unit.dir !== '' && path.startsWith(`${unit.dir}/src/`);

/** `package ← first file (+ how many more)` for each import the manifest does not declare where that file needs it. */
function undeclaredImports(unit: Unit): string[] {
  const { dependencies = {}, peerDependencies = {}, devDependencies = {} } = unit.manifest;
  const runtime = new Set([...Object.keys(dependencies), ...Object.keys(peerDependencies), unit.manifest.name]);
  const any = new Set([...runtime, ...Object.keys(devDependencies)]);
  const importers = new Map<string, Set<string>>();
  for (const { path, text } of unit.files) {
    const allowed = isSource(unit, path) ? runtime : any;
    for (const name of moduleSpecifiers(path, text).map(packageOf)) {
      if (name && !allowed.has(name)) importers.set(name, (importers.get(name) ?? new Set()).add(path));
    }
  }
  return [...importers].map(([name, files]) => `${name} ← ${[...files].sort()[0]!}${files.size > 1 ? ` (+${files.size - 1} more)` : ''}`).sort();
}

/** Declared dependencies nothing in the unit imports (nor `otherUses` names: tools, config references). */
function unusedDependencies(unit: Unit, otherUses: ReadonlySet<string> = new Set()): string[] {
  const used = new Set(otherUses);
  let builtins = false;
  for (const { path, text } of unit.files) {
    for (const specifier of moduleSpecifiers(path, text)) {
      const name = packageOf(specifier);
      if (name) used.add(name);
      else if (!/^[./]/.test(specifier)) builtins = true;
    }
  }
  if (builtins) used.add('node');
  const typesOf = (name: string) => name.slice('@types/'.length).replace(/^(.+)__/, '@$1/');
  const { dependencies = {}, peerDependencies = {}, devDependencies = {} } = unit.manifest;
  return [...Object.keys(dependencies), ...Object.keys(peerDependencies), ...Object.keys(devDependencies)]
    .filter((name) => !used.has(name) && !(name.startsWith('@types/') && used.has(typesOf(name))))
    .sort();
}

/** The package folder (`packages/x`) a repository path is in; '' for the root's own files. */
const packageDirOf = (path: string) => /^packages\/[^/]+(?=\/)/.exec(path)?.[0] ?? '';

/**
 * `file → specifier` for each relative import that leaves the unit's folder into another package's
 * folder (from the root into any package, or from one package into another), or, for a package,
 * out to the root's files (except `allowedRootFiles`).
 */
function crossPackageImports(unit: Unit, allowedRootFiles: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const { path, text } of unit.files) {
    for (const specifier of moduleSpecifiers(path, text)) {
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      const into = packageDirOf(target);
      const intoOther = into !== '' && into !== unit.dir;
      const outToRoot = unit.dir !== '' && into === '' && !allowedRootFiles.some((file) => target.replace(/\.js$/, '.ts') === file);
      if (intoOther || outToRoot) problems.push(`${path} → ${specifier}`);
    }
  }
  return problems.sort();
}

// ---- the real workspace ----

function codeFiles(dir: string): string[] {
  const base = join(ROOT, dir);
  if (!existsSync(base)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(base, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      // The root's own files are scripts/, test/ and the config files beside package.json.
      if (dir === '' && !['scripts', 'test'].includes(entry.name)) continue;
      files.push(...codeFiles(path));
    } else if (CODE.test(entry.name)) files.push(path);
  }
  return files;
}

const unitAt = (dir: string): Unit => ({
  dir,
  manifest: JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest,
  files: codeFiles(dir).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') })),
});

/**
 * Root devDependencies used as tools: an npm script runs their binary, a root YAML/JSON config names
 * them (a Spectral ruleset), or the root holds their own config file (`.prettierrc`, `x.config.js`).
 */
function rootToolUses(manifest: Manifest): Set<string> {
  const words = new Set(Object.values(manifest.scripts ?? {}).flatMap((script) => script.split(/[\s&|;()]+/)));
  const entries = readdirSync(ROOT);
  const configs = entries
    .filter((name) => /\.(?:ya?ml|json)$/.test(name) && !/^package(?:-lock)?\.json$/.test(name))
    .map((name) => readFileSync(join(ROOT, name), 'utf8'));
  const uses = new Set<string>();
  for (const name of Object.keys(manifest.devDependencies ?? {})) {
    const installed = join(ROOT, 'node_modules', name, 'package.json');
    const bin = existsSync(installed) ? (JSON.parse(readFileSync(installed, 'utf8')) as { bin?: string | Record<string, string> }).bin : undefined;
    const bins = typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin ?? {});
    const base = name.split('/').pop()!;
    const ownConfig = entries.some((entry) => entry.startsWith(`.${base}rc`) || entry.startsWith(`${base}.config.`));
    if (bins.some((command) => words.has(command)) || ownConfig || configs.some((text) => text.includes(`'${name}'`) || text.includes(`"${name}"`)))
      uses.add(name);
  }
  return uses;
}

const PACKAGE_DIRS = readdirSync(join(ROOT, 'packages'))
  .filter((name) => existsSync(join(ROOT, 'packages', name, 'package.json')))
  .map((name) => `packages/${name}`);

/**
 * Root files a package may import by relative path: the TypeScript diagnostics helper the type tests
 * of packages/types and packages/client share with the root's tests (it runs the root's compiler),
 * and the reader of `npm run worker`'s node flags and the builder of a compiled bench worker, which
 * the engine's crawl bench shares with bench:audit (both measure the engine as a worker process
 * runs it).
 */
const SHARED_ROOT_FILES = ['test/support/type-diagnostics.ts', 'scripts/bench/lib/worker-node-flags.ts', 'scripts/bench/lib/compiled-worker.ts'];

describe('the checks themselves, on a synthetic workspace that breaks each rule', () => {
  const file = (path: string, text: string) => ({ path, text });
  const demo: Unit = {
    dir: 'packages/demo',
    manifest: {
      name: '@x/demo',
      dependencies: { 'used-dep': '1', 'resolved-dep': '1', 'unused-dep': '1' },
      devDependencies: { vitest: '1', '@types/used-dep': '1', '@types/gone': '1' },
    },
    files: [
      file(
        'packages/demo/src/a.ts',
        [
          "import x from 'used-dep';",
          "import { y } from 'undeclared/sub/path';",
          "import { it } from 'vitest';",
          "import { z } from '../../other/src/z.js';",
          "import { w } from '../../../scripts/w.js';",
          "import { own } from './own.js';",
          "import { self } from '@x/demo/testing';",
          "import { readFileSync } from 'node:fs';",
          "const bundle = createRequire(import.meta.url).resolve('resolved-dep/bundle.js');",
          "const child = `import { hidden } from 'in-a-template';`;",
          "const lazy = await import('../../other/test/lazy.js');",
        ].join('\n'),
      ),
      file('packages/demo/test/a.test.ts', "import { it } from 'vitest';\nexport type T = import('@scope/dev-only').T;"),
    ],
  };
  const root: Unit = {
    dir: '',
    manifest: { name: 'root', devDependencies: { tool: '1' } },
    files: [file('scripts/s.ts', "import { a } from '../packages/demo/src/a.js';\nimport b from 'not-declared';")],
  };

  it('finds an import the manifest does not declare, and a devDependency imported from src', () => {
    expect(undeclaredImports(demo)).toEqual([
      '@scope/dev-only ← packages/demo/test/a.test.ts',
      'undeclared ← packages/demo/src/a.ts',
      'vitest ← packages/demo/src/a.ts',
    ]);
    expect(undeclaredImports(root)).toEqual(['not-declared ← scripts/s.ts']);
  });

  it('finds a declared dependency nothing imports (an @types package counts when its package is imported)', () => {
    expect(unusedDependencies(demo)).toEqual(['@types/gone', 'unused-dep']);
    expect(unusedDependencies(root)).toEqual(['tool']);
    expect(unusedDependencies(root, new Set(['tool']))).toEqual([]);
  });

  it('finds relative imports into another package, from a package or from the root, and out of a package to the root', () => {
    expect(crossPackageImports(demo)).toEqual([
      'packages/demo/src/a.ts → ../../../scripts/w.js',
      'packages/demo/src/a.ts → ../../other/src/z.js',
      'packages/demo/src/a.ts → ../../other/test/lazy.js',
    ]);
    expect(crossPackageImports(demo, ['scripts/w.ts'])).toHaveLength(2);
    expect(crossPackageImports(root)).toEqual(['scripts/s.ts → ../packages/demo/src/a.js']);
  });
});

describe.each(PACKAGE_DIRS)('%s/package.json', (dir) => {
  const unit = unitAt(dir);

  it('declares every package its files import (src/ in dependencies)', () => {
    expect(undeclaredImports(unit)).toEqual([]);
  });

  it('imports every package it declares', () => {
    expect(unusedDependencies(unit)).toEqual([]);
  });

  it('reaches other packages by name, never by a relative path into their folders', () => {
    expect(crossPackageImports(unit, SHARED_ROOT_FILES)).toEqual([]);
  });

  it('exports only files that exist', () => {
    const targets = Object.values(unit.manifest.exports ?? {}).map((target) => (typeof target === 'string' ? target : target.default));
    expect(targets.filter((target) => !existsSync(join(ROOT, dir, target)))).toEqual([]);
  });

  // What npm start runs (scripts/compile.js writes it): each source file in its package's compiled/ folder, as JavaScript.
  it('names, under the seo-geo-compiled condition, the compiled twin of the source file', () => {
    const conditional = Object.values(unit.manifest.exports ?? {}).filter((target) => typeof target !== 'string');
    for (const target of conditional) {
      expect(Object.keys(target)).toEqual(['seo-geo-compiled', 'default']);
      expect(target['seo-geo-compiled']).toBe(target.default.replace(/^\.\/(.*)\.ts$/, './compiled/$1.js'));
    }
  });
});

describe('the root package.json (scripts/, test/, root config files)', () => {
  const unit = unitAt('');

  it('declares every package those files import', () => {
    expect(undeclaredImports(unit)).toEqual([]);
  });

  it('imports, or runs as a tool, every package it declares', () => {
    expect(unusedDependencies(unit, rootToolUses(unit.manifest))).toEqual([]);
  });

  it('reaches the packages by name, never by a relative path into their folders', () => {
    expect(crossPackageImports(unit)).toEqual([]);
  });

  it('lists only files that exist as shared root files', () => {
    expect(SHARED_ROOT_FILES.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
