// The URLs a page loads as it renders, resolved: what the audit's resource check requests (an
// opt-in pass after the crawl, site-checks/resources.ts). The references are the resources
// collector's, the same ones mixed content is judged on; a `srcset` gives each of its candidates,
// as a browser may pick any of them. Only http(s) URLs can be requested: `data:` URIs carry their
// content inline and are skipped, as are other schemes and references that do not parse.
import { resolveHttpUrl } from '../links/url.js';
import type { RawSubresource } from './mixed-content.js';
import { srcsetUrls } from './srcset.js';

/** The distinct http(s) URLs `refs` load, resolved against `documentBase` without their fragment, in document order. */
export function loadedUrls(refs: readonly RawSubresource[], documentBase: string): string[] {
  const base = new URL(documentBase);
  const out = new Set<string>();
  for (const { ref, srcset } of refs) {
    for (const url of srcset ? srcsetUrls(ref) : [ref]) {
      const resolved = resolveHttpUrl(url.trim(), base);
      if (resolved !== null) out.add(resolved);
    }
  }
  return [...out];
}
