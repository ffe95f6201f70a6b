// The workspace manifests say what the code does: every package a source file imports is declared
// in that package's dependencies, every declared dependency is imported somewhere in the package,
// and every `exports` entry names a file that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = readdirSync(join(ROOT, 'packages')).filter((name) => existsSync(join(ROOT, 'packages', name, 'package.json')));
// A package specifier has no spaces or commas: `field: 'from', message: '…'` is not an import.
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"./\s,][^'"\s,]*)['"]/g;

interface Manifest {
  name: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts)$/.test(file) && !file.includes('fixtures'))
    .map((file) => join(dir, file));
}

/** Package names a set of files imports (node: built-ins and relative paths aside). */
function importedPackages(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (specifier!.startsWith('node:')) continue;
      const parts = specifier!.split('/');
      names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

describe.each(PACKAGES)('packages/%s/package.json', (dir) => {
  const base = join(ROOT, 'packages', dir);
  const manifest = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')) as Manifest;
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

  it('declares every package its sources import', () => {
    const undeclared = [...importedPackages(sourceFiles(join(base, 'src')))].filter((name) => !declared.has(name) && name !== manifest.name);
    expect(undeclared).toEqual([]);
  });

  it('imports every package it declares', () => {
    const used = importedPackages([...sourceFiles(join(base, 'src')), ...sourceFiles(join(base, 'test')), ...sourceFiles(join(base, 'bench'))]);
    expect([...declared].filter((name) => !used.has(name))).toEqual([]);
  });

  it('exports only files that exist', () => {
    const missing = Object.values(manifest.exports ?? {}).filter((target) => !existsSync(join(base, target)));
    expect(missing).toEqual([]);
  });
});
