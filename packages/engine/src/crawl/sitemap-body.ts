// A fetched sitemap's text, in pieces: the XML reader takes it as it comes, so that no sitemap
// (up to maxSitemapBytes, 10 MiB by default) is ever one string. A gzipped one is inflated as a
// stream, and held to the same byte cap as a plain one: inflated once to count its bytes (and to
// find a corrupt or truncated file) without keeping them, then, when it is within the cap, again
// for the reader. A file over the cap or unreadable is passed over whole, as if never fetched,
// so none of its entries count.
import { createGunzip } from 'node:zlib';
import type { GuardedResponse } from '../net/guarded-fetch.js';

/** Bytes decoded to text at a time: each piece is a string of this many characters at most. */
const PIECE_BYTES = 64 * 1024;

/** The sitemap's text in pieces (cut anywhere, even inside a character), or null when it cannot be read. */
export async function sitemapText(res: GuardedResponse, url: string, maxBytes: number): Promise<AsyncIterable<string> | null> {
  if (res.error || res.status < 200 || res.status >= 300 || res.body === null) return null;
  const body = res.body;
  const gzipped = url.endsWith('.gz') || res.contentType === 'application/gzip' || res.contentType === 'application/x-gzip';
  if (!gzipped) return decoded(slices(body));
  return (await inflatesWithin(body, maxBytes)) ? decoded(inflated(body)) : null;
}

function* slices(body: Buffer): Generator<Uint8Array> {
  for (let at = 0; at < body.length; at += PIECE_BYTES) yield body.subarray(at, at + PIECE_BYTES);
}

async function* inflated(body: Buffer): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip();
  gunzip.end(body);
  for await (const chunk of gunzip) yield chunk as Buffer;
}

/** Whether `body` inflates, whole, to `maxBytes` or fewer (as gunzipSync's maxOutputLength has it). */
async function inflatesWithin(body: Buffer, maxBytes: number): Promise<boolean> {
  let total = 0;
  try {
    for await (const chunk of inflated(body)) {
      total += chunk.length;
      if (total > maxBytes) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** UTF-8 as Buffer#toString reads it (a byte order mark kept, bad bytes replaced), across cuts. */
async function* decoded(bytes: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const piece of bytes) yield decoder.decode(piece, { stream: true });
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
