// The intro's code works: the webhook check written for readers without the client accepts a
// delivery the service signs and refuses altered, foreign and stale ones, and the client snippet
// compiles.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { generateSigningSecret } from '@seo-geo/server';
import { typeDiagnostics } from '../support/type-diagnostics.js';

const description = (spec as { info: { description: string } }).info.description;
const section = (heading: string) => {
  const start = description.indexOf(`# ${heading}\n`);
  expect(start, `the intro has "# ${heading}"`).toBeGreaterThanOrEqual(0);
  const end = description.indexOf('\n# ', start + 2);
  return description.slice(start, end === -1 ? undefined : end);
};
const tsBlocks = (text: string) => [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/^ {6}/gm, ''));
const CHECKER = fileURLToPath(new URL('./.intro-webhook-check.ts', import.meta.url));

describe('the intro', () => {
  afterAll(() => rmSync(CHECKER, { force: true }));

  it('gives a webhook check that accepts the service’s signature and nothing else', async () => {
    const [code] = tsBlocks(section('Polling or webhooks'));
    writeFileSync(CHECKER, code!);
    const { isGenuine } = (await import(CHECKER)) as { isGenuine: (body: string, headers: Record<string, string>, secret: string) => boolean };
    const secret = generateSigningSecret();
    const body = JSON.stringify({ type: 'audit.completed', timestamp: new Date().toISOString(), data: {} });
    const sign = (at: Date, key = secret) => ({
      'webhook-id': 'evt_01',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign('evt_01', at, body),
    });
    expect(isGenuine(body, sign(new Date()), secret)).toBe(true);
    expect(isGenuine(body.replace('{}', '{"x":1}'), sign(new Date()), secret)).toBe(false);
    expect(isGenuine(body, sign(new Date(), generateSigningSecret()), secret)).toBe(false);
    expect(isGenuine(body, sign(new Date(Date.now() - 10 * 60_000)), secret)).toBe(false);
  });

  it('gives a client snippet that compiles', () => {
    const [code] = tsBlocks(section('Using the TypeScript client and the CLI'));
    const file = fileURLToPath(new URL('./.intro-client.ts', import.meta.url));
    expect(typeDiagnostics([], new Map([[file, `${code}\nexport {};\n`]])).map((d) => d.text)).toEqual([]);
  }, 60_000);
});
