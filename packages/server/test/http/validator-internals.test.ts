// validator.ts leans on parts of express-openapi-validator that are not its documented API: the
// names of the middleware it installs, and what its metadata step leaves on `req.openapi`. The
// version is pinned in package.json; these tests fail, naming what moved, when an upgrade changes
// either, rather than leaving the server on the slower fallback without a word.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEPS, validateAgainstSpec } from '../../src/http/validator.js';

const require = createRequire(import.meta.url);

const spec = {
  openapi: '3.1.0',
  info: { title: 'validator internals', version: '1.0.0' },
  paths: {
    '/things/{thingId}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

describe('express-openapi-validator as validator.ts uses it', () => {
  it('is the pinned version', () => {
    const pinned = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
      'express-openapi-validator'
    ];
    expect(pinned, 'pin an exact version: validator.ts depends on its internals').toMatch(/^\d+\.\d+\.\d+$/);
    expect((require('express-openapi-validator/package.json') as { version: string }).version).toBe(pinned);
  });

  it('installs middleware under the names validator.ts picks', () => {
    const installed = OpenApiValidator.middleware({ apiSpec: structuredClone(spec) as never, validateResponses: true, validateSecurity: false });
    const names = installed.map((step) => step.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(STEPS)));
  });

  it('is used without its route lookup on every request (not the fallback that installs it whole)', () => {
    const installed = OpenApiValidator.middleware({ apiSpec: structuredClone(spec) as never, validateResponses: true, validateSecurity: false });
    const used = validateAgainstSpec(spec, { validateResponses: true });
    expect(used).toHaveLength(3);
    expect(used.length).toBeLessThan(installed.length);
    expect(used.map((step) => step.name).slice(1)).toEqual([STEPS.request, STEPS.response]);
  });

  describe('its metadata step', () => {
    let server: ReturnType<ReturnType<typeof express>['listen']>;
    let base: string;
    beforeAll(async () => {
      const installed = OpenApiValidator.middleware({ apiSpec: structuredClone(spec) as never, validateSecurity: false });
      const metadata = installed.find((step) => step.name === STEPS.metadata)!;
      const app = express();
      app.use(metadata);
      app.use((req, res) => {
        res.json((req as { openapi?: unknown }).openapi ?? null);
      });
      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('leaves the route and the path parameters on req.openapi, which routeOnce keeps per operation', async () => {
      const openapi = (await (await fetch(`${base}/things/abc`)).json()) as Record<string, unknown>;
      expect(openapi).toMatchObject({ openApiRoute: '/things/{thingId}', pathParams: { thingId: 'abc' } });
    });
  });
});
