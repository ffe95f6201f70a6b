// The client README's method table names every method of the client (clientMethods maps each
// operation to one), the quick start says how to run it outside this repository (top-level await
// needs an ES module), and the settled type of waitForCompletion is named where it is shown.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_VERSION, clientMethods, USER_AGENT } from '@seo-geo/client';

const readme = readFileSync(fileURLToPath(new URL('../../packages/client/README.md', import.meta.url)), 'utf8');
const calls = readme.slice(readme.indexOf('## Calls'), readme.indexOf('## Waiting for an audit'));

describe('client README', () => {
  it('lists every method of the client in its table', () => {
    const missing = Object.entries(clientMethods)
      .filter(([, method]) => !calls.includes(`\`client.${method}(`))
      .map(([operationId, method]) => `${operationId}: client.${method}`);
    expect(missing).toEqual([]);
  });

  it('says how to run the quick start in a CommonJS folder (npm init -y)', () => {
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Calls'));
    expect(quickStart).toMatch(/\.mjs/);
    expect(quickStart).toMatch(/npm init -y/);
    expect(quickStart).toMatch(/async function main/);
  });

  it('names the settled audit type that waitForCompletion returns, and the API version the client speaks', () => {
    expect(readme).toMatch(/`FinishedAuditRun`/);
    expect(readme).toContain('API_VERSION');
    expect(USER_AGENT).toBe(`seo-geo-client/1.0.0 (api ${API_VERSION})`);
    expect(API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
