// Large JSON bodies (a page of 100 audit pages is ~470 KB) go out compressed to a client that
// accepts Brotli or gzip, and plain to one that does not say so; small ones always go out plain.
// The bytes are read off the socket with node:http, which, unlike fetch, decodes nothing.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_JSON_CHARS } from '../../src/http/json-bytes.js';
import { sendJson } from '../../src/http/send-json.js';

// Non-ASCII text too: the length sent is of the encoded bytes, not of the string.
const large = { data: Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Page ${i} — “Überschrift” …`, score: i % 100 })) };
const small = { data: [{ id: 1, title: 'Small — ok' }] };

function get(url: string, acceptEncoding?: string): Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('JSON responses, compressed when large', () => {
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.get('/large', (_req, res) => sendJson(res, 200, large));
    app.get('/small', (_req, res) => sendJson(res, 200, small));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it('has a large body over the threshold and a small one under it', () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(LARGE_JSON_CHARS);
    expect(JSON.stringify(small).length).toBeLessThan(LARGE_JSON_CHARS);
  });

  it('sends Brotli when the client accepts it, whatever else it lists first', async () => {
    const { headers, bytes } = await get(`${base}/large`, 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['vary']).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(JSON.stringify(large).length / 10);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(large);
  });

  it('sends gzip to a client that accepts gzip and not Brotli', async () => {
    for (const accept of ['gzip, deflate', 'gzip;q=0.5, br;q=0']) {
      const { headers, bytes } = await get(`${base}/large`, accept);
      expect(headers['content-encoding'], accept).toBe('gzip');
      expect(Number(headers['content-length'])).toBe(bytes.length);
      expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(large);
    }
  });

  it('sends plain JSON, with its length in bytes, to a client that names no encoding it can read', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const { headers, bytes } = await get(`${base}/large`, accept);
      expect(headers['content-encoding'], String(accept)).toBeUndefined();
      expect(headers['vary']).toBe('Accept-Encoding');
      expect(Number(headers['content-length'])).toBe(bytes.length);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(large);
    }
  });

  it('sends a small body plain whatever the client accepts', async () => {
    const { headers, bytes } = await get(`${base}/small`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(headers['content-length'])).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(small);
  });
});
