// A path file that `openapi/openapi.yaml` does not list is read by nothing: the lint passes and
// the generator finds no new operation, so the new operation silently does not exist. Every file
// of `openapi/paths/` must be listed under `paths:`, and every listed one must exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const OPENAPI = resolve(fileURLToPath(import.meta.url), '../../../openapi');
const root = readFileSync(join(OPENAPI, 'openapi.yaml'), 'utf8');
const listed = [...root.matchAll(/\$ref: ['"]?(paths\/[^'"\s]+)/g)].map((m) => m[1]!);

it('lists every path file under paths:, and only files that exist', () => {
  expect(listed.length).toBeGreaterThan(30);
  const files = readdirSync(join(OPENAPI, 'paths')).map((file) => `paths/${file}`);
  expect(files.filter((file) => !listed.includes(file))).toEqual([]);
  expect(listed.filter((file) => !existsSync(join(OPENAPI, file)))).toEqual([]);
});
