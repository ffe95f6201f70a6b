// check:breaking guards every release, not only 1.0.0: openapi/releases/ keeps the last document
// published under each version, `npm run generate` writes the spec's own (when info.version changes,
// and again while its changes are compatible), the check compares with the latest release by default,
// and `--base merge-base` compares with the document at the merge base with main, for pull requests.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/breaking/cli.js';
import { compareDocuments } from '../../scripts/breaking/compare-documents.js';
import { bundleSpec } from '../../scripts/generate/bundle.js';
import { latestRelease, listReleases, releaseUpdate } from '../../scripts/breaking/releases.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
const BUNDLE = 'packages/types/generated/openapi.json';
const bundle = () => JSON.parse(readFileSync(join(root, BUNDLE), 'utf8')) as { info: { version: string }; paths: Record<string, any> };
const fixture = (name: string, side: 'base' | 'head') => readFileSync(join(here, 'fixtures', name, `${side}.json`), 'utf8');

/** A copy of the spec's sources and its releases, as a repository of its own. */
function copyOfRepository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'breaking-releases-'));
  cpSync(join(root, 'openapi'), join(repo, 'openapi'), { recursive: true });
  mkdirSync(join(repo, 'packages/types/generated'), { recursive: true });
  cpSync(join(root, BUNDLE), join(repo, BUNDLE));
  return repo;
}

function narrowPageSize(repo: string): void {
  const file = join(repo, 'openapi/components/parameters/PageSize.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace('maximum: 100', 'maximum: 50'));
}

describe('the release files', () => {
  it('keep one document per version main has published, each compatible with the one before, the latest the spec as generated', () => {
    const releases = listReleases(root);
    const versions = releases.map((release) => release.version);
    expect(versions.slice(0, 6)).toEqual(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0']);
    expect(versions.at(-1)).toBe(bundle().info.version);
    const documents = releases.map((release) => JSON.parse(readFileSync(release.path, 'utf8')) as { info: { version: string } });
    documents.forEach((document, i) => expect(document.info.version).toBe(releases[i]!.version));
    for (let i = 1; i < documents.length; i++) expect(compareDocuments(documents[i - 1], documents[i]).breaking, releases[i]!.version).toEqual([]);
    expect(readFileSync(latestRelease(root)!.path, 'utf8')).toBe(readFileSync(join(root, BUNDLE), 'utf8'));
  });

  it('order by version, not by name: 1.10.0 is later than 1.9.0', () => {
    const repo = mkdtempSync(join(tmpdir(), 'breaking-order-'));
    mkdirSync(join(repo, 'openapi/releases'), { recursive: true });
    for (const version of ['1.9.0', '1.10.0', '1.2.0']) writeFileSync(join(repo, `openapi/releases/v${version}.json`), '{}');
    writeFileSync(join(repo, 'openapi/releases/README.md'), 'not a release');
    expect(listReleases(repo).map((release) => release.version)).toEqual(['1.2.0', '1.9.0', '1.10.0']);
    expect(latestRelease(repo)?.version).toBe('1.10.0');
  });
});

describe('check:breaking by default', () => {
  it('compares with the latest release: a narrowed pageSize is caught on every operation that takes it, not only on those of 1.0.0', () => {
    const withPageSize = Object.values(bundle().paths).flatMap((item) =>
      Object.values(item).filter((op: any) => op?.parameters?.some((p: any) => p.name === 'pageSize' || String(p.$ref ?? '').endsWith('/PageSize'))),
    );
    // 1.0.0 had 6 of them; every list added since takes pageSize too, and each must be guarded.
    expect(withPageSize.length).toBeGreaterThanOrEqual(14);
    const repo = copyOfRepository();
    narrowPageSize(repo);
    const { code, output } = run([], repo);
    expect(code).toBe(1);
    expect(output).toContain(`Breaking-change check: openapi/releases/v${bundle().info.version}.json`);
    const operations = new Set([...output.matchAll(/bounds-narrowed\s+(\S+ \S+) › query parameter pageSize/g)].map((m) => m[1]));
    expect(operations.size).toBe(withPageSize.length);
  });

  it('is what npm test runs', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:breaking']).toBe('tsx scripts/breaking/cli.ts');
    expect(readFileSync(join(root, 'scripts/checks.js'), 'utf8')).toMatch(/'check:breaking'/);
  });
});

describe('npm run generate, the release of the spec’s version', () => {
  const repoWith = (releases: Record<string, string>): string => {
    const repo = mkdtempSync(join(tmpdir(), 'breaking-write-'));
    mkdirSync(join(repo, 'openapi/releases'), { recursive: true });
    for (const [version, text] of Object.entries(releases)) writeFileSync(join(repo, `openapi/releases/v${version}.json`), text);
    return repo;
  };
  const withVersion = (text: string, version: string) => {
    const doc = JSON.parse(text) as { info: { version: string } };
    doc.info.version = version;
    return `${JSON.stringify(doc, null, 2)}\n`;
  };

  it('is written when info.version changes, from the spec as bundled', () => {
    const repo = repoWith({ '1.0.0': fixture('compatible', 'base') });
    const head = withVersion(fixture('compatible', 'head'), '1.1.0');
    expect(releaseUpdate(repo, head)).toEqual({ path: join(repo, 'openapi/releases/v1.1.0.json'), text: head });
  });

  it('follows compatible changes made while the version stays (a later merge of the same version included)', () => {
    const base = withVersion(fixture('compatible', 'base'), '1.1.0');
    const repo = repoWith({ '1.0.0': fixture('compatible', 'base'), '1.1.0': base });
    const head = withVersion(fixture('compatible', 'head'), '1.1.0');
    expect(releaseUpdate(repo, head)).toEqual({ path: join(repo, 'openapi/releases/v1.1.0.json'), text: head });
  });

  it('is refused for a breaking change, whether the version stays or its minor is raised; allowed with its major', () => {
    const repo = repoWith({ '1.0.0': fixture('operation-removed', 'base') });
    for (const version of ['1.0.0', '1.1.0']) {
      const refused = releaseUpdate(repo, withVersion(fixture('operation-removed', 'head'), version));
      expect(refused).toHaveProperty('refused');
      expect((refused as { refused: string }).refused).toMatch(/operation-removed\s+DELETE \/projects\/\{projectId\}/);
    }
    expect(releaseUpdate(repo, withVersion(fixture('operation-removed', 'head'), '2.0.0'))).toMatchObject({ path: join(repo, 'openapi/releases/v2.0.0.json') });
  });

  it('is refused when info.version is older than the latest release', () => {
    const repo = repoWith({ '1.0.0': fixture('compatible', 'base'), '1.2.0': withVersion(fixture('compatible', 'base'), '1.2.0') });
    expect(releaseUpdate(repo, withVersion(fixture('compatible', 'base'), '1.1.0'))).toEqual({
      refused: 'info.version 1.1.0 is older than the latest release, 1.2.0 (openapi/releases/v1.2.0.json): raise it to 1.2.0 or later.',
    });
  });
});

describe('check:breaking --base merge-base', () => {
  const git = (repo: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, encoding: 'utf8' });

  it('compares with the document at the merge base with main, whatever the release files say', () => {
    const repo = copyOfRepository();
    git(repo, 'init', '--quiet', '--initial-branch=main');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'main');
    git(repo, 'checkout', '--quiet', '-b', 'feature');
    narrowPageSize(repo);
    // The branch also rewrote the latest release to match: only the merge base still shows the break.
    writeFileSync(latestRelease(repo)!.path, JSON.stringify(bundleSpec(join(repo, 'openapi/openapi.yaml'))));
    git(repo, 'commit', '--quiet', '-am', 'narrow');
    expect(run([], repo).code).toBe(0);

    const { code, output } = run(['--base', 'merge-base'], repo);
    expect(code).toBe(1);
    const mergeBase = git(repo, 'merge-base', 'HEAD', 'main').trim();
    expect(output).toContain(`Breaking-change check: ${BUNDLE} at the merge base with main (${mergeBase.slice(0, 12)})`);
    expect(output).toMatch(/bounds-narrowed\s+GET \/projects › query parameter pageSize/);
  });

  it('says what to do without git or without main', () => {
    const repo = copyOfRepository();
    const { code, output } = run(['--base', 'merge-base'], repo);
    expect(code).toBe(2);
    expect(output).toContain('no merge base with main');
  });
});

describe('release files in the repository', () => {
  it('are named v<version>.json and nothing else lives there', () => {
    expect(readdirSync(join(root, 'openapi/releases')).filter((name) => !/^v\d+\.\d+\.\d+\.json$/.test(name))).toEqual([]);
  });
});
