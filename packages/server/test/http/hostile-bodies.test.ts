// Bodies built to hurt the server rather than to be wrong: nesting deep enough to overflow a
// recursive walk, and bodies in a content encoding (gzip, deflate and br are read; bytes that do
// not decode are malformed; other encodings are refused). Each gets a 4xx in the error envelope; the
// process stays up and answers the next request.
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;
const url = (path: string) => `${server.url}/api/public/v1${path}`;

beforeAll(async () => {
  server = await startTestServer({ env: { IN_PROCESS_WORKERS: 'false' } });
  key = await server.createKey({ plan: 'agency' });
});
afterAll(() => server.close());

/** node:http rather than fetch, which refuses a body on a GET. */
function send(method: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url(path), { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function stillServing(): Promise<void> {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
}

describe('deeply nested JSON', () => {
  const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

  it.each([
    ['arrays, unauthenticated, on a GET', '/openapi.json', 'GET', false, nested(5_000, '[', ']')],
    ['arrays, on a POST', '/projects', 'POST', true, nested(5_000, '[', ']')],
    ['objects, on a POST', '/projects', 'POST', true, `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
    ['arrays in a field', '/projects', 'POST', true, `{"name":"x","primaryDomain":"https://a.example","extra":${nested(20_000, '[', ']')}}`],
  ])('answers 400 to %s and keeps serving', async (_name, path, method, withKey, body) => {
    const response = await send(method, path, { 'content-type': 'application/json', ...(withKey ? { authorization: `Bearer ${key}` } : {}) }, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details[0].message).toBe('nests arrays and objects more than 32 levels deep');
    await stillServing();
  });

  it('accepts nesting a real body has', async () => {
    const response = await server.call('/projects', { key, method: 'POST', json: { name: 'Nested enough', primaryDomain: 'https://nested.example' } });
    expect(response.status).toBe(201);
  });
});

describe('content encodings', () => {
  const json = JSON.stringify({ name: 'Encoded', primaryDomain: 'https://encoded.example' });
  const bodies: Array<[string, Buffer]> = [
    ['gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['br', brotliCompressSync(json)],
  ];

  it.each(bodies)('reads a %s body, decoded within the 64 KiB limit', async (encoding, body) => {
    const response = await fetch(url('/projects'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(201);
  });

  it.each(bodies)('answers 413 to a %s body that decodes past 64 KiB', async (encoding) => {
    const big = JSON.stringify({ name: 'x'.repeat(200_000), primaryDomain: 'https://encoded.example' });
    const body = encoding === 'gzip' ? gzipSync(big) : encoding === 'deflate' ? deflateSync(big) : brotliCompressSync(big);
    expect(body.length).toBeLessThan(64 * 1024);
    const response = await fetch(url('/projects'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(['gzip', 'deflate', 'br'])('answers 400 MALFORMED_JSON, never a 5xx, to plain bytes labelled %s', async (encoding) => {
    const response = await fetch(url('/projects'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
      body: json,
    });
    expect(response.status).toBe(400);
    const envelope = await response.json();
    expect(envelope.error.code).toBe('MALFORMED_JSON');
    expect(envelope.error.message).toBe(`The request body could not be decoded as ${encoding}.`);
    await stillServing();
  });

  it.each(['compress', 'x-unknown', 'gzip, gzip'])('answers 415 to Content-Encoding %s over plain bytes', async (encoding) => {
    const response = await fetch(url('/projects'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
      body: json,
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('reads Content-Encoding: identity as plain JSON', async () => {
    const response = await fetch(url('/projects'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: json,
    });
    expect(response.status).toBe(201);
  });
});
