// CONTRIBUTING.md's recipes name the files to touch, in order. A recipe that names a file that was
// moved or renamed misleads a newcomer, so every repository path it names must exist; and so must
// every path of the server's test index, which names a place for each folder of the server.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');

/** Every code span that looks like a path in the repository: it starts at a top-level folder. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return [...new Set(spans.filter((span) => /^(openapi|packages|scripts|test|datasets)\//.test(span)))];
}

describe('CONTRIBUTING.md', () => {
  it('names only files and folders that exist', () => {
    const paths = namedPaths(text);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('has the four recipes the README points newcomers to', () => {
    const recipes = [...text.matchAll(/^## Recipe: (.+)$/gm)].map((m) => m[1]);
    expect(recipes).toEqual(['add an operation', 'add an issue code or a page check', 'add an answer-engine adapter', 'add a page field']);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(CONTRIBUTING.md)');
  });
});

describe("the server's test index", () => {
  const server = join(ROOT, 'packages/server');
  const index = readFileSync(join(server, 'test/README.md'), 'utf8');
  const spans = [...index.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((span) => /^[\w./-]+$/.test(span) && /(\/|\.ts)$/.test(span));
  /** `src/…` is the server's, `test/…` the repository's, anything else the server's test folder's. */
  const pathOf = (span: string) => (span.startsWith('src/') ? join(server, span) : span.startsWith('test/') ? join(ROOT, span) : join(server, 'test', span));

  it('names only files and folders that exist', () => {
    expect(spans.length).toBeGreaterThan(30);
    expect(spans.filter((span) => !existsSync(pathOf(span)))).toEqual([]);
  });

  it('says where the tests of every folder of the server are', () => {
    const folders = readdirSync(join(server, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const named = (folder: string) => spans.some((span) => span.startsWith(`src/${folder}/`)) || index.includes(`\`src/${folder}-`);
    expect(folders.map((entry) => entry.name).filter((folder) => !named(folder))).toEqual([]);
  });
});
