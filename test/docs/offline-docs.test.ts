// The built docs page renders every operation in a browser that has no network.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../scripts/docs/build-docs.js';
import { FIXTURE_SPEC, loadDocument, operationSummaries, pickDocument } from './document.js';
import { CHROMIUM_PATH, launchChromium, renderOffline } from './offline-browser.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(`[offline-docs] SKIPPED: ${CHROMIUM_PATH} is missing. Install it with .ci/install-chromium.sh`);
}

const document = pickDocument();
console.info(`[offline-docs] rendering the ${document.source} document: ${relative(process.cwd(), document.path)}`);

describe('offline docs', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'offline-docs-'));
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (hasChromium) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.skipIf(!hasChromium)('shows every operation summary without any request leaving the machine', { timeout: 60_000 }, async () => {
    const built = buildDocs({ specPath: document.path, outFile: join(outDir, 'index.html') });
    const page = await renderOffline(browser!, pathToFileURL(built.outFile).href);
    try {
      expect(page.blocked).toEqual([]);
      expect(page.status).toBe('ready');
      const summaries = operationSummaries(document.spec);
      expect(summaries.length).toBeGreaterThan(0);
      const missing = summaries.filter(({ summary }) => !page.text.includes(summary));
      expect(missing).toEqual([]);
      // A resource refused by the page's Content-Security-Policy would hide a dependency on the network.
      expect(page.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!hasChromium)('keeps </script> and <!-- in the document from breaking the page', { timeout: 60_000 }, async () => {
    const built = buildDocs({ specPath: FIXTURE_SPEC, outFile: join(outDir, 'fixture.html') });
    const page = await renderOffline(browser!, pathToFileURL(built.outFile).href);
    try {
      expect(page.status).toBe('ready');
      expect(page.blocked).toEqual([]);
      expect(page.errors).toEqual([]);
      for (const { summary } of operationSummaries(loadDocument(FIXTURE_SPEC))) expect(page.text).toContain(summary);
      // The embedded document arrives intact, and the markup inside it was never executed.
      const embedded = await page.evaluate<unknown>("JSON.parse(document.getElementById('openapi-document').textContent)");
      expect(embedded).toEqual(loadDocument(FIXTURE_SPEC));
      expect(await page.evaluate<unknown>('window.__escaped')).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
