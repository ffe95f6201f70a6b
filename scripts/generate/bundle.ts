// Bundles the split document into one object with Redocly CLI, the same tool that lints it,
// so that what is linted and what is served cannot disagree about $ref resolution.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot, specRoot } from './paths.js';

export type OpenApiDocument = Record<string, unknown> & {
  info: { version: string; title: string };
  paths: Record<string, Record<string, unknown>>;
};

export function bundleSpec(root = specRoot): OpenApiDocument {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-bundle-'));
  const out = join(dir, 'openapi.json');
  try {
    const cli = resolve(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
    execFileSync(process.execPath, [cli, 'bundle', root, '--output', out, '--lint-config', 'off'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return JSON.parse(readFileSync(out, 'utf8')) as OpenApiDocument;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
