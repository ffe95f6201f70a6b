// An audit that renders JavaScript, through the API, with Debian's Chromium: the page whose article
// and links a script writes is reported (rendering figures, content_needs_javascript), the page
// only a script links to is crawled, and the score stays that of the HTML as fetched. Skipped with
// a message where Chromium is not installed.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const CHROMIUM = process.env.BROWSER_EXECUTABLE ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: "an audit that renders JavaScript" — ${CHROMIUM} not found (apt-get install chromium)`);

const PARAGRAPHS = Array.from(
  { length: 12 },
  (_, i) => `Glazes need a kiln that holds its temperature for hours, and paragraph ${i} explains why the slow cool matters to the colour.`,
);

const PAGES: Record<string, string> = {
  '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio home of the glaze workshop, with kilns</title></head>
<body><main><h1>Studio</h1><p>Welcome.</p><div id="app"></div></main>
<script>
  const app = document.getElementById('app');
  app.innerHTML = ${JSON.stringify(PARAGRAPHS.map((p) => `<p>${p}</p>`).join(''))} + '<a href="/only-by-script">Firing schedule</a>';
</script></body></html>`,
  '/only-by-script': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A firing schedule for stoneware glazes</title></head>
<body><main><h1>Firing schedule</h1><p>Plain HTML, no script.</p><a href="/">Home</a></main></body></html>`,
};

let site: Server;
let origin: string;
let server: TestServer;

beforeAll(async () => {
  if (!available) return;
  site = createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { BROWSER_EXECUTABLE: CHROMIUM, RENDER_TIMEOUT_MS: '20000' } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  site?.close();
});

describe.runIf(available)('an audit that renders JavaScript', () => {
  it('compares each page with its rendering, reports what only scripts show, and crawls what only scripts link', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Studio', primaryDomain: origin } });
    const started = await server.call(`/projects/${project.body.data.id}/audits`, { key, method: 'POST', json: { maxPages: 10, renderJavaScript: true } });
    expect(started.status).toBe(202);
    expectContract('startAudit', started);
    const path = `/projects/${project.body.data.id}/audits/${started.body.data.auditRunId}`;
    const run = await until(
      'the rendering audit to finish',
      async () => {
        const response = await server.call(path, { key });
        expectContract('getAudit', response);
        return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
      },
      90_000,
    );
    expect(run.status).toBe('completed');
    expect(run.renderJavaScript).toBe(true);

    const pages = await server.call(`${path}/pages`, { key });
    expectContract('listAuditPages', pages);
    const byUrl = new Map<string, any>(pages.body.data.map((p: any) => [p.url, p]));
    expect([...byUrl.keys()].sort()).toEqual([`${origin}/`, `${origin}/only-by-script`]);

    const home = byUrl.get(`${origin}/`)!;
    expect(home.rendering).toMatchObject({ status: 'rendered', error: null, rawInternalLinks: 0, renderedInternalLinks: 1, internalLinksOnlyRendered: 1 });
    expect(home.rendering.renderedWordCount).toBeGreaterThan((home.rendering.rawWordCount as number) + 200);
    expect(home.wordCount).toBe(home.rendering.rawWordCount);
    const needsJs = home.issues.find((i: any) => i.code === 'content_needs_javascript');
    expect(needsJs?.message).toContain(`${origin}/only-by-script`);
    // A3 judges what rendering showed: scripts write the content, so it fails, with the advice to render on the server.
    const homeA3 = home.checks.find((c: any) => c.id === 'A3');
    expect(homeA3).toMatchObject({ status: 'fail', earned: 0 });
    expect(homeA3.fix).toMatch(/Render the main content on the server/);

    const plain = byUrl.get(`${origin}/only-by-script`)!;
    expect(plain.rendering).toMatchObject({ status: 'rendered', internalLinksOnlyRendered: 0 });
    expect(plain.issues.map((i: any) => i.code)).not.toContain('content_needs_javascript');
    // A short page that rendering adds nothing to has all its content in the server HTML: A3 passes, R4 reports the length.
    expect(plain.wordCount).toBeLessThan(150);
    expect(plain.checks.find((c: any) => c.id === 'A3')).toMatchObject({ status: 'pass', fix: null });
    expect(plain.checks.find((c: any) => c.id === 'R4').status).toBe('fail');
    expect([plain.depth, plain.inlinks]).toEqual([1, 1]);
  }, 120_000);
});
