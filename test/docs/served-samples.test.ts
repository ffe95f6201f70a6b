// The samples on the reference server's own /docs run as copied: a browser renders the page, the
// curl sample of createProject and the TypeScript sample of getProject are read from what Redoc
// shows, and both are run against the server that served them (its origin is in the samples).
import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { CHROMIUM_PATH, launchChromium, renderOffline } from './offline-browser.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE_FILE = fileURLToPath(new URL('./.served-sample.ts', import.meta.url));
const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`[served-samples] SKIPPED: ${CHROMIUM_PATH} is missing. Install it with .ci/install-chromium.sh`);

/** The request sample Redoc shows for an operation, in the tab named `tab`. */
async function sampleOf(section: Locator, tab: string): Promise<string> {
  await section.getByRole('tab', { name: tab, exact: true }).first().click();
  // react-tabs renders the selected panel's content only; the first such panel holds the request samples.
  return (await section.locator('.react-tabs__tab-panel--selected pre').first().innerText()).trim();
}

describe.skipIf(!hasChromium)('the samples on /docs', () => {
  let server: TestServer;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer();
    key = await server.createKey({ plan: 'pro' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(SAMPLE_FILE, { force: true });
  });

  it('run as copied against the server that shows them', { timeout: 90_000 }, async () => {
    const rendered = await renderOffline(browser, `${server.url}/docs`);
    try {
      expect(rendered.status).toBe('ready');
      const curl = await sampleOf(rendered.page.locator('[data-section-id$="operation/createProject"]'), 'curl');
      expect(curl).toContain(`"${server.baseUrl}/projects"`);
      expect(curl).not.toContain('uuidgen');
      const created = await run('sh', ['-c', curl], { env: { PATH: process.env.PATH, SEO_GEO_API_KEY: key }, timeout: 30_000 });
      const project = JSON.parse(created.stdout).data as { id: string; name: string };
      expect(project.id).toMatch(/^[0-9a-f-]{36}$/);

      const typescript = await sampleOf(rendered.page.locator('[data-section-id$="operation/getProject"]'), 'TypeScript client');
      expect(typescript).toContain(`baseUrl: '${server.baseUrl}'`);
      writeFileSync(SAMPLE_FILE, typescript);
      const fetched = await run(process.execPath, ['--import', 'tsx', SAMPLE_FILE], {
        cwd: ROOT,
        env: { ...process.env, SEO_GEO_API_KEY: key, PROJECT_ID: project.id },
        timeout: 60_000,
      });
      expect(fetched.stdout).toContain(project.id);
      expect(fetched.stdout).toContain(project.name);
    } finally {
      await rendered.close();
    }
  });
});
