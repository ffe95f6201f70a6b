// The command as CI runs it: spawned on fixture files, judged by exit code and output.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/breaking/cli.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
const fixture = (name: string, side: 'base' | 'head') => join(here, 'fixtures', name, `${side}.json`);

function cli(args: string[]) {
  // `node --import tsx` is what `tsx` does, minus a wrapper process.
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/breaking/cli.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const pair = (name: string) => ['--base', fixture(name, 'base'), '--head', fixture(name, 'head')];

describe('check:breaking CLI', () => {
  it('exits 0 for a compatible change and, with --verbose, lists it as non-breaking', () => {
    const { code, stdout } = cli([...pair('compatible'), '--verbose']);
    expect(code).toBe(0);
    expect(stdout).toContain('OK: no breaking change.');
    expect(stdout).toMatch(/operation-added\s+GET \/projects\/\{projectId\}\/reports/);
  });

  it('exits 1 on a removed operation, naming rule, location and old → new', () => {
    const { code, stdout } = cli(pair('operation-removed'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/operation-removed\s+DELETE \/projects\/\{projectId\}\n\s+present → \(absent\)/);
    expect(stdout).toContain('FAILED: 1 breaking change(s)');
  });

  it('exits 1 on a new required request field', () => {
    const { code, stdout } = cli(pair('request-field-required'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/request-field-required\s+POST \/projects › request body \(application\/json\) › primaryDomain/);
  });

  it('exits 0 when the major version increased, printing the changes as allowed', () => {
    const { code, stdout } = cli(pair('major-bump'));
    expect(code).toBe(0);
    expect(stdout).toContain('ALLOWED by the major version bump 1.0.0 → 2.0.0');
    expect(stdout).toContain('operation-removed');
  });

  it('exits 2 with a clear message when a file is missing or not JSON', () => {
    const missing = cli(['--base', join(here, 'fixtures/nope.json'), '--head', fixture('compatible', 'head')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json does not exist');
    const dir = mkdtempSync(join(tmpdir(), 'breaking-'));
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    const bad = cli(['--base', join(dir, 'bad.json'), '--head', fixture('compatible', 'head')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not valid JSON');
  });

  it('exits 2 on an unknown flag', () => {
    const { code, stderr } = cli(['--bogus']);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage:');
  });

  it('counts the non-breaking changes unless asked to list them, so that the breaking ones stand out', () => {
    const { stdout } = cli(pair('compatible'));
    expect(stdout).toMatch(/Non-breaking changes: \d+ \(--verbose lists them\)\./);
    expect(stdout).not.toMatch(/operation-added/);
  });

  it('reads the spec sources by default, so an edit is seen before `npm run generate`', () => {
    const repo = mkdtempSync(join(tmpdir(), 'breaking-sources-'));
    cpSync(join(root, 'openapi'), join(repo, 'openapi'), { recursive: true });
    expect(run([], repo)).toMatchObject({ code: 0, output: expect.stringContaining('→ openapi/openapi.yaml (') });
    // An edit of a path file, not yet bundled: the released operation is gone.
    const paths = join(repo, 'openapi/paths/projects_{projectId}_reports.yaml');
    writeFileSync(paths, readFileSync(paths, 'utf8').replace(/^get:/m, 'x-get:'));
    const edited = run([], repo);
    expect(edited.code).toBe(1);
    expect(edited.output).toMatch(/operation-removed\s+GET \/projects\/\{projectId\}\/reports/);
  });

  it('names the source file and line of each change found in the sources', () => {
    const repo = mkdtempSync(join(tmpdir(), 'breaking-files-'));
    cpSync(join(root, 'openapi'), join(repo, 'openapi'), { recursive: true });
    // A shared parameter narrowed and a required field added to a request schema, each in its own file.
    const pageSize = join(repo, 'openapi/components/parameters/PageSize.yaml');
    writeFileSync(pageSize, readFileSync(pageSize, 'utf8').replace('  maximum: 100', '  maximum: 50'));
    const create = join(repo, 'openapi/components/schemas/ProjectCreate.yaml');
    writeFileSync(
      create,
      readFileSync(create, 'utf8').replace('  - primaryDomain\n', '  - primaryDomain\n  - team\n').concat('  team:\n    type: string\n    maxLength: 40\n'),
    );
    const { code, output } = run([], repo);
    expect(code).toBe(1);
    const lineOf = (file: string, text: string) => readFileSync(file, 'utf8').split('\n').indexOf(text) + 1;
    expect(output).toMatch(
      new RegExp(
        `bounds-narrowed\\s+GET /projects › query parameter pageSize\\n\\s+maximum 100 → maximum 50\\n\\s+at openapi/components/parameters/PageSize\\.yaml:\\d+:\\d+`,
      ),
    );
    expect(output).toContain(`at openapi/components/schemas/ProjectCreate.yaml:${lineOf(create, '  team:')}:3`);
  });

  it('explains how to create the baseline when there is no release', () => {
    const emptyRepo = mkdtempSync(join(tmpdir(), 'breaking-repo-'));
    const { code, output } = run([], emptyRepo);
    expect(code).toBe(2);
    expect(output).toContain('openapi/releases/ holds no release');
    expect(output).toContain("`npm run generate` writes the release of the spec's info.version");
    expect(output).toContain('--base <file> --head <file>');
  });
});
