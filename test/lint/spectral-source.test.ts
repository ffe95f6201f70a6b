// `npm run lint:spectral` lints the bundle but names the source YAML file and line of each finding: checked on a
// copy of the spec with deliberate violations in component files, and on the real spec, which must lint clean.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceLocator } from '../../scripts/lint/source-locations.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

interface Run {
  code: number;
  stdout: string;
}

async function lintSpectral(cwd: string): Promise<Run> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'scripts/lint/spectral.ts')], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Inserts `lines` after the first top-level `properties:` of a schema file; returns the 1-based line of the first. */
function addProperty(file: string, lines: string[]): number {
  const text = readFileSync(file, 'utf8').split('\n');
  const at = text.indexOf('properties:');
  if (at < 0) throw new Error(`${file} has no top-level properties`);
  text.splice(at + 1, 0, ...lines);
  writeFileSync(file, text.join('\n'));
  return at + 2;
}

const lineOf = (file: string, text: string): number => readFileSync(file, 'utf8').split('\n').indexOf(text) + 1;

let copy: string;
let broken: Run;
let real: Run;
let stringLine: number;
let arrayLine: number;
let bodyLine: number;

beforeAll(async () => {
  // Inside the repository (.lint/ is ignored) so that the ruleset's `extends` finds the OWASP package.
  mkdirSync(join(root, '.lint'), { recursive: true });
  copy = mkdtempSync(join(root, '.lint', 'spectral-test-'));
  cpSync(join(root, 'openapi'), join(copy, 'openapi'), { recursive: true });
  cpSync(join(root, '.spectral.yaml'), join(copy, '.spectral.yaml'));
  // A request-body string without maxLength (a rule Spectral applies after resolving $refs) …
  stringLine = addProperty(join(copy, 'openapi/components/schemas/ProjectCreate.yaml'), ['  note:', '    type: string']);
  // … and an array without items two $refs down (array-items reads the unresolved document: only the bundle has it).
  arrayLine = addProperty(join(copy, 'openapi/components/schemas/PageIssue.yaml'), ['  related:', '    type: array', '    maxItems: 3']);
  // … and a request body with one bare `example` instead of named `examples` (the project's own rule).
  const projects = join(copy, 'openapi/paths/projects.yaml');
  const text = readFileSync(projects, 'utf8');
  const named = '        examples:\n          project:\n            $ref: ../components/examples/ProjectCreateExample.yaml\n';
  if (!text.includes(named)) throw new Error('paths/projects.yaml no longer has the named example this test replaces');
  writeFileSync(projects, text.replace(named, '        example:\n          name: Kilns\n          primaryDomain: https://kilns.example\n'));
  const lines = readFileSync(projects, 'utf8').split('\n');
  bodyLine = lines.indexOf('      application/json:', lines.indexOf('  requestBody:')) + 1;
  [broken, real] = await Promise.all([lintSpectral(copy), lintSpectral(root)]);
}, 240_000);

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

describe('lint:spectral', () => {
  it("names the source YAML file, line and column of each finding, not the bundle, the project's named-examples rule among them", () => {
    expect(broken.code).toBe(1);
    const findings = broken.stdout
      .split('\n')
      .filter((line) => line.startsWith('openapi/') || line.startsWith('.lint/'))
      .map((line) => line.split('  ').slice(0, 3).join(' '))
      .sort();
    expect(findings).toEqual(
      [
        `openapi/components/schemas/PageIssue.yaml:${arrayLine}:3 error array-items`,
        `openapi/components/schemas/ProjectCreate.yaml:${stringLine}:3 error owasp:api4:2023-string-limit`,
        `openapi/components/schemas/ProjectCreate.yaml:${stringLine}:3 warning owasp:api4:2023-string-restricted`,
        `openapi/paths/projects.yaml:${bodyLine}:7 error named-examples`,
      ].sort(),
    );
    expect(broken.stdout).toContain('(components.schemas.ProjectCreate.properties.note)');
    expect(broken.stdout).not.toContain('openapi.json');
  });

  it('finds nothing in the real spec', () => {
    expect(real.stdout).toContain('Spectral: no findings.');
    expect(real.code).toBe(0);
  });
});

describe('sourceLocator', () => {
  it('follows inlined path items, YAML aliases, quoted status codes and webhooks into their files', () => {
    const bundle: unknown = JSON.parse(readFileSync(join(copy, '.lint/openapi.json'), 'utf8'));
    const locate = sourceLocator(bundle, join(copy, 'openapi/openapi.yaml'));
    const paths = join(copy, 'openapi/paths/projects.yaml');
    // The second response repeats the first one's headers through an alias: the key at the use is the location.
    expect(locate(['paths', '/projects', 'post', 'responses', '201', 'headers', 'X-Request-Id'])).toEqual({
      file: paths,
      line: lineOf(paths, '        X-Request-Id: *a1'),
      col: 9,
    });
    expect(locate(['paths', '/projects', 'get', 'operationId'])).toEqual({ file: paths, line: lineOf(paths, '  operationId: listProjects'), col: 3 });
    const webhook = join(copy, 'openapi/webhooks/audit-completed.yaml');
    expect(locate(['webhooks', 'audit.completed', 'post', 'requestBody'])).toEqual({ file: webhook, line: lineOf(webhook, '  requestBody:'), col: 3 });
    // Below a property that does not exist: the nearest one that does.
    const create = join(copy, 'openapi/components/schemas/ProjectCreate.yaml');
    expect(locate(['components', 'schemas', 'ProjectCreate', 'properties', 'note', 'maxLength'])).toEqual({ file: create, line: stringLine, col: 3 });
  });
});
