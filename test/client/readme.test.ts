// The README's quick start is the example file, compiles, and runs as written against the
// reference server (pointed at a test server through SEO_GEO_BASE_URL instead of port 3000).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { typeDiagnostics } from '../support/type-diagnostics.js';

const readme = fileURLToPath(new URL('../../packages/client/README.md', import.meta.url));
const example = fileURLToPath(new URL('../../packages/client/examples/quickstart.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('client README', () => {
  it('shows the quick start file verbatim', () => {
    const block = readFileSync(readme, 'utf8').match(/## Quick start[\s\S]*?```ts\n([\s\S]*?)```/)?.[1];
    expect(block).toBe(readFileSync(example, 'utf8'));
  });

  it('quick start compiles', () => {
    expect(typeDiagnostics([example]).map((d) => d.text)).toEqual([]);
  }, 60_000);

  it('quick start runs, and a rerun replays the project', async () => {
    const env = { ...process.env, SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl };
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', example], { cwd: repoRoot, env, timeout: 60_000 });
    const first = await run();
    expect(first.stdout).toMatch(/on the pro plan/);
    expect(first.stdout).toMatch(/project [0-9a-f-]{36} created/);
    expect(first.stdout).toMatch(/- Quick start shop https:\/\/shop\.example\.com/);
    // The auditRunId the start answered is the id of the run that get returns.
    expect(first.stdout).toMatch(/audit [0-9a-f-]{36} is (pending|running|completed|failed)/);
    expect(first.stdout).toMatch(/not found: NOT_FOUND, request [0-9a-f-]{36}/);
    expect(first.stdout).toMatch(/20 concurrent calls done/);
    const second = await run();
    expect(second.stdout).toMatch(/project [0-9a-f-]{36} replayed/);
    expect(second.stdout).toMatch(/1 projects in all/);
  }, 120_000);
});
