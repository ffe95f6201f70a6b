// The Chromium renderer against a local site: scripts run, every request goes through the SSRF
// guard (private addresses, other schemes and WebSockets refused), and renders are bounded in
// number, time and bytes. Needs Debian's Chromium (.ci/install-chromium.sh); skipped without it.
import { createSocket } from 'node:dgram';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../src/net/guarded-fetch.js';
import { createBrowserRenderer, type BrowserRenderer, type BrowserRendererOptions } from '../../src/render/browser-renderer.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { eventually, html, sendHtml, SITE_HOST, startLocalSite, type LocalSite } from './local-site.js';

const CHROMIUM = process.env.BROWSER_EXECUTABLE ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`[browser-renderer] SKIPPED: ${CHROMIUM} not found. Install it with .ci/install-chromium.sh`);
}

const PRIVATE_HOST = 'intranet.render.test';
const resolver = fixtureResolver({ [SITE_HOST]: '127.0.0.1', [PRIVATE_HOST]: '10.0.0.5' }).resolve;

const slow =
  (ms: number, body: string): Parameters<typeof startLocalSite>[0][string] =>
  (_req, res) => {
    const timer = setTimeout(() => sendHtml(200, body)(_req, res), ms);
    res.on('close', () => clearTimeout(timer));
  };
const hang: Parameters<typeof startLocalSite>[0][string] = () => undefined;

/**
 * Answers once `size` requests wait together (or after `maxWaitMs`), so that requests the renderer
 * runs at once overlap at the site however slow the machine is, and requests it queues do not.
 */
const gathered = (size: number, maxWaitMs: number, body: string): Parameters<typeof startLocalSite>[0][string] => {
  let waiting: Array<() => void> = [];
  return (req, res) => {
    const send = () => {
      sendHtml(200, body)(req, res);
    };
    const release = () => {
      clearTimeout(timer);
      send();
    };
    const timer = setTimeout(() => {
      waiting = waiting.filter((other) => other !== release);
      send();
    }, maxWaitMs);
    res.on('close', () => {
      clearTimeout(timer);
    });
    waiting.push(release);
    if (waiting.length >= size) {
      const batch = waiting;
      waiting = [];
      for (const answer of batch) answer();
    }
  };
};

const ARTICLE = 'Rendered only by the script';

describe.skipIf(!hasChromium)('browser renderer', () => {
  let site: LocalSite;
  const renderers: BrowserRenderer[] = [];
  const renderer = (options: Partial<BrowserRendererOptions> = {}): BrowserRenderer => {
    const created = createBrowserRenderer({ executablePath: CHROMIUM, policy: { allowLoopback: true }, resolver, timeoutMs: 10_000, ...options });
    renderers.push(created);
    return created;
  };

  beforeAll(async () => {
    site = await startLocalSite({
      '/': sendHtml(
        200,
        html(
          '<main id="app">loading</main>',
          `<script>setTimeout(() => fetch('/data.json').then((r) => r.json()).then((d) => {
            document.getElementById('app').innerHTML = '<article><h1>' + d.title + '</h1><p>' + d.text + '</p><a href="/more">More</a></article>';
          }), 50);</script>`,
        ),
      ),
      '/data.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ title: 'Script article', text: ARTICLE }));
      },
      '/old': (_req, res) => {
        res.writeHead(301, { location: '/' });
        res.end();
      },
      '/moved-data': (_req, res) => {
        res.writeHead(302, { location: '/data.json' });
        res.end();
      },
      '/redirect-fetch': sendHtml(
        200,
        html(
          '<p id="out">waiting</p>',
          `<script>fetch('/moved-data').then((r) => r.json()).then((d) => { document.getElementById('out').textContent = d.text; });</script>`,
        ),
      ),
      '/to-private': (_req, res) => {
        res.writeHead(302, { location: `http://${PRIVATE_HOST}/admin` });
        res.end();
      },
      '/to-file': (_req, res) => {
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
      },
      // Navigations after the load to a refused address: each leaves Chromium on its error page.
      '/refresh-refused': sendHtml(200, html('<p>about to refresh</p>', `<meta http-equiv="refresh" content="0;url=http://${PRIVATE_HOST}/refresh">`)),
      '/location-refused': sendHtml(
        200,
        html('<p>about to move</p>', `<script>setTimeout(() => { location = 'http://${PRIVATE_HOST}/moved'; }, 20);</script>`),
      ),
      '/submit-refused': sendHtml(
        200,
        html(
          `<form action="http://${PRIVATE_HOST}/submit" method="post"><input name="a" value="b"></form>`,
          `<script>addEventListener('load', () => document.forms[0].submit());</script>`,
        ),
      ),
      '/writes-megabytes': sendHtml(
        200,
        html(
          '<p id="out">small</p>',
          `<script>addEventListener('DOMContentLoaded', () => { document.getElementById('out').textContent = 'x'.repeat(300000); });</script>`,
        ),
      ),
      '/private': sendHtml(
        200,
        html(
          '<p>public part</p><img src="http://192.168.1.1/x.png">',
          `<script>
            fetch('http://${PRIVATE_HOST}/secret').catch(() => {});
            fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
          </script>`,
        ),
      ),
      '/escape': sendHtml(
        200,
        html(
          '<p id="ws">pending</p><iframe src="file:///etc/passwd"></iframe>',
          `<script>
            const ws = new WebSocket('ws://127.0.0.1:' + location.port + '/socket');
            ws.onopen = () => { document.getElementById('ws').textContent = 'open'; };
            ws.onclose = () => { document.getElementById('ws').textContent = 'refused'; };
            window.open('file:///etc/passwd');
            setTimeout(() => { location.href = 'file:///etc/passwd'; }, 50);
          </script>`,
        ),
      ),
      // Literal 127.0.0.1 targets, which Chromium could reach on its own: only the launch flags stop them.
      '/workers': sendHtml(
        200,
        html(
          '<p id="worker">pending</p><p id="shared">pending</p>',
          `<script>
            const local = '127.0.0.1:' + location.port;
            const script = (code) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
            const worker = new Worker(script("const ws = new WebSocket('ws://" + local + "/worker-socket'); ws.onopen = () => postMessage('open'); ws.onerror = () => postMessage('refused');"));
            worker.onmessage = (e) => { document.getElementById('worker').textContent = e.data; };
            const shared = new SharedWorker(script("onconnect = (e) => { const port = e.ports[0]; fetch('http://" + local + "/from-shared-worker').then(() => port.postMessage('fetched'), () => port.postMessage('refused')); };"));
            shared.port.onmessage = (e) => { document.getElementById('shared').textContent = e.data; };
          </script>`,
        ),
      ),
      '/sockets': (req, res) => {
        const query = new URL(req.url ?? '/', 'http://placeholder').searchParams;
        const [tcp, udp] = [query.get('tcp'), query.get('udp')];
        sendHtml(
          200,
          html(
            '<p id="ice">pending</p>',
            `<link rel="preconnect" href="http://127.0.0.1:${tcp}"><script>
              const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udp}' }, { urls: 'turn:127.0.0.1:${tcp}?transport=tcp', username: 'u', credential: 'p' }] });
              pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') document.getElementById('ice').textContent = 'complete'; };
              pc.createDataChannel('probe');
              pc.createOffer().then((offer) => pc.setLocalDescription(offer));
            </script>`,
          ),
        )(req, res);
      },
      '/from-shared-worker': sendHtml(200, 'reached'),
      '/hang': hang,
      '/never-loads': sendHtml(200, html('<img src="/hang">')),
      '/polls': sendHtml(200, html('<p>polling</p>', `<script>setInterval(() => fetch('/data.json'), 100);</script>`)),
      '/slow': slow(400, html('<p>slow</p>')),
      '/pair': gathered(2, 2_000, html('<p>pair</p>')),
      '/missing': sendHtml(404, html('<h1>Nothing here</h1>')),
      '/data-page': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"kind":"json document"}');
      },
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(100_000));
      },
      '/budget': sendHtml(
        200,
        html(
          '<p id="out">pending</p>',
          `<script>
          const get = () => fetch('/big').then((r) => r.text()).then((t) => t.length, () => 'refused');
          get().then((a) => get().then((b) => { document.getElementById('out').textContent = a + ' then ' + b; }));
        </script>`,
        ),
      ),
    });
  });

  // Each test's browsers go with it: a dozen idle Chromiums would slow the rest down.
  afterEach(async () => {
    await Promise.all(renderers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await site?.close();
  });

  it('returns the DOM after scripts ran: text and links the raw body does not have', { timeout: 30_000 }, async () => {
    const url = site.url('/');
    const raw = await guardedFetch(url, { policy: { allowLoopback: true }, resolver });
    expect(raw.body!.toString()).not.toContain(ARTICLE);

    const page = await renderer().render(url);
    expect(page.error).toBeNull();
    expect(page.finalUrl).toBe(url);
    expect(page.html).toMatch(/^<!DOCTYPE html>/i);
    expect(page.html).toContain(`<p>${ARTICLE}</p>`);
    expect(page.html).toContain('<a href="/more">More</a>');
    expect(page.blockedRequests).toEqual([]);
  });

  it('follows redirects of the page and of its requests, each hop through the guard', { timeout: 30_000 }, async () => {
    const r = renderer();
    const page = await r.render(site.url('/old'));
    expect(page.error).toBeNull();
    expect(page.finalUrl).toBe(site.url('/'));
    expect(page.html).toContain(ARTICLE);

    const fetched = await r.render(site.url('/redirect-fetch'));
    expect(fetched.html).toContain(`<p id="out">${ARTICLE}</p>`);
  });

  it('refuses private and metadata addresses a script or an image asks for, and still renders', { timeout: 30_000 }, async () => {
    const page = await renderer().render(site.url('/private'));
    expect(page.error).toBeNull();
    expect(page.html).toContain('public part');
    expect(page.blockedRequests).toEqual(
      expect.arrayContaining([`http://${PRIVATE_HOST}/secret`, 'http://169.254.169.254/latest/meta-data/', 'http://192.168.1.1/x.png']),
    );
  });

  it('fails a navigation redirected to a private address or another scheme', { timeout: 30_000 }, async () => {
    const r = renderer();
    const toPrivate = await r.render(site.url('/to-private'));
    expect(toPrivate.html).toBeNull();
    expect(toPrivate.error).toMatch(/blocked_address/);
    expect(toPrivate.blockedRequests).toEqual([`http://${PRIVATE_HOST}/admin`]);

    const toFile = await r.render(site.url('/to-file'));
    expect(toFile.html).toBeNull();
    expect(toFile.error).toMatch(/unsupported_scheme/);
    expect(toFile.blockedRequests).toEqual(['file:///etc/passwd']);
  });

  it.each(['/refresh-refused', '/location-refused', '/submit-refused'])(
    'fails a render whose page navigates after the load to a refused address (%s), never handing back the error page',
    { timeout: 30_000 },
    async (path) => {
      const page = await renderer().render(site.url(path));
      expect(page.html).toBeNull();
      expect(page.error).toMatch(/blocked_address/);
      expect(page.blockedRequests.some((url) => url.startsWith(`http://${PRIVATE_HOST}/`))).toBe(true);
    },
  );

  it('fails a render whose script writes a DOM past the byte cap of a fetched page', { timeout: 30_000 }, async () => {
    const page = await renderer({ maxResponseBytes: 200_000 }).render(site.url('/writes-megabytes'));
    expect(page.html).toBeNull();
    expect(page.error).toMatch(/body_too_large: the rendered DOM exceeds 200000 bytes/);
    const within = await renderer({ maxResponseBytes: 400_000 }).render(site.url('/writes-megabytes'));
    expect(within.error).toBeNull();
    expect(within.html).toContain('x'.repeat(1000));
  });

  it('refuses file: URLs and WebSockets a script opens', { timeout: 30_000 }, async () => {
    const url = site.url('/escape', '127.0.0.1');
    const page = await renderer().render(url);
    expect(page.error).toBeNull();
    expect(page.finalUrl).toBe(url);
    expect(page.html).toContain('<p id="ws">refused</p>');
    expect(page.html).not.toMatch(/root:.*:0:0:/);
    expect(page.blockedRequests).toEqual(expect.arrayContaining([`ws://127.0.0.1:${site.port}/socket`, 'file:///etc/passwd']));
    expect(site.upgrades).toEqual([]);
  });

  it('leaves workers no way out: their WebSockets and unrouted requests never connect', { timeout: 30_000 }, async () => {
    // Served from 127.0.0.1 too: Chromium keeps a page it believes public from reaching loopback.
    const page = await renderer().render(site.url('/workers', '127.0.0.1'));
    expect(page.error).toBeNull();
    expect(page.html).toContain('<p id="worker">refused</p>');
    expect(page.html).toContain('<p id="shared">refused</p>');
    expect(site.upgrades).toEqual([]);
    expect(site.requests.map((r) => r.path)).not.toContain('/from-shared-worker');
  });

  it('opens no socket of its own for preconnects and WebRTC', { timeout: 30_000 }, async () => {
    const tcp = createNetServer((socket) => socket.destroy());
    const udp = createSocket('udp4');
    let tcpConnections = 0;
    let udpPackets = 0;
    tcp.on('connection', () => tcpConnections++);
    udp.on('message', () => udpPackets++);
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const tcpPort = (tcp.address() as AddressInfo).port;
    const udpPort = udp.address().port;
    try {
      const page = await renderer().render(site.url(`/sockets?tcp=${tcpPort}&udp=${udpPort}`, '127.0.0.1'));
      expect(page.error).toBeNull();
      // Gathering is over, so every candidate that was going to be tried has been.
      expect(page.html).toContain('<p id="ice">complete</p>');
      expect(tcpConnections).toBe(0);
      expect(udpPackets).toBe(0);
    } finally {
      tcp.close();
      udp.close();
    }
  });

  it('refuses to render a URL that is not http(s)', async () => {
    const page = await renderer().render('file:///etc/passwd');
    expect(page).toEqual({
      finalUrl: 'file:///etc/passwd',
      html: null,
      error: expect.stringMatching(/unsupported_scheme/),
      blockedRequests: ['file:///etc/passwd'],
    });
  });

  it('without allowLoopback, a 127.0.0.1 page fails and the server never hears from the browser', { timeout: 30_000 }, async () => {
    const before = site.requests.length;
    const r = renderer({ policy: {} });
    const literal = await r.render(site.url('/', '127.0.0.1'));
    expect(literal.html).toBeNull();
    expect(literal.error).toMatch(/blocked_address/);
    const named = await r.render(site.url('/'));
    expect(named.error).toMatch(/blocked_address/);
    expect(site.requests.length).toBe(before);
  });

  it('ends a page that never finishes loading at timeoutMs, with an error', { timeout: 30_000 }, async () => {
    const r = renderer({ timeoutMs: 2_000 });
    await r.render(site.url('/slow')); // launches the browser, so that only the render is timed
    const started = performance.now();
    const page = await r.render(site.url('/never-loads'));
    const elapsed = performance.now() - started;
    expect(page.html).toBeNull();
    expect(page.error).toMatch(/timed out after 2000 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('renders a page that polls forever once the settling time is over', { timeout: 30_000 }, async () => {
    const started = performance.now();
    const page = await renderer({ settleMs: 500 }).render(site.url('/polls'));
    expect(page.error).toBeNull();
    expect(page.html).toContain('polling');
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it('stops a render promptly when its signal aborts', { timeout: 30_000 }, async () => {
    const r = renderer();
    const controller = new AbortController();
    const pending = r.render(site.url('/never-loads'), { signal: controller.signal });
    expect(await eventually(() => site.requests.some((q) => q.path === '/hang'), 10_000)).toBe(true);
    const abortedAt = performance.now();
    controller.abort();
    const page = await pending;
    expect(performance.now() - abortedAt).toBeLessThan(500);
    expect(page.error).toBe('aborted');
    expect(page.html).toBeNull();
  });

  it('renders non-2xx and non-HTML main responses', { timeout: 30_000 }, async () => {
    const r = renderer();
    const missing = await r.render(site.url('/missing'));
    expect(missing.error).toBeNull();
    expect(missing.html).toContain('<h1>Nothing here</h1>');
    const json = await r.render(site.url('/data-page'));
    expect(json.error).toBeNull();
    expect(json.html).toContain('json document');
  });

  it('caps one response and all responses of a render', { timeout: 30_000 }, async () => {
    const tooBig = await renderer({ maxResponseBytes: 50_000 }).render(site.url('/big'));
    expect(tooBig.html).toBeNull();
    expect(tooBig.error).toMatch(/navigation failed: body_too_large/);

    const budget = await renderer({ maxPageBytes: 150_000 }).render(site.url('/budget'));
    expect(budget.error).toBeNull();
    expect(budget.html).toContain('<p id="out">100000 then refused</p>');
  });

  it('renders at most poolSize pages at once and queues the rest', { timeout: 30_000 }, async () => {
    const r = renderer({ poolSize: 2 });
    let peakActive = 0;
    const watch = setInterval(() => (peakActive = Math.max(peakActive, r.stats().active)), 5);
    try {
      const pages = await Promise.all(Array.from({ length: 5 }, () => r.render(site.url('/pair'))));
      expect(pages.map((p) => p.error)).toEqual([null, null, null, null, null]);
    } finally {
      clearInterval(watch);
    }
    expect(site.peakInFlight.get('/pair')).toBe(2);
    expect(peakActive).toBe(2);
    // A render answers before its context is closed; its slot is freed just after.
    expect(await eventually(() => r.stats().active === 0)).toBe(true);
    expect(r.stats()).toMatchObject({ started: 5, queued: 0 });
  });

  it('launches the browser on the first render and a new one after relaunchAfter renders', { timeout: 30_000 }, async () => {
    const r = renderer({ relaunchAfter: 2 });
    expect(r.stats().launches).toBe(0);
    await r.render(site.url('/slow'));
    await r.render(site.url('/slow'));
    expect(r.stats().launches).toBe(1);
    const third = await r.render(site.url('/slow'));
    expect(third.error).toBeNull();
    expect(r.stats().launches).toBe(2);
  });

  it('fails the renders in flight when the browser crashes, and launches a new one for the next', { timeout: 30_000 }, async () => {
    const r = renderer();
    const before = chromiumChildren();
    await r.render(site.url('/slow'));
    // The browser this renderer launched: a child of this process that was not there before.
    const mine = chromiumChildren().filter((pid) => !before.includes(pid));
    expect(mine).toHaveLength(1);
    const hangsBefore = site.requests.filter((q) => q.path === '/hang').length;
    const pending = r.render(site.url('/never-loads'));
    expect(await eventually(() => site.requests.filter((q) => q.path === '/hang').length > hangsBefore, 10_000)).toBe(true);
    for (const pid of mine) process.kill(pid, 'SIGKILL');
    const crashed = await pending;
    expect(crashed.html).toBeNull();
    expect(crashed.error).toMatch(/crashed/);

    const next = await r.render(site.url('/slow'));
    expect(next.error).toBeNull();
    expect(r.stats().launches).toBe(2);
  });

  it('fails renders in flight, queued and after close()', { timeout: 30_000 }, async () => {
    const r = renderer({ poolSize: 1 });
    const hangsBefore = site.requests.filter((q) => q.path === '/hang').length;
    const inFlight = r.render(site.url('/never-loads'));
    const queued = r.render(site.url('/'));
    expect(await eventually(() => site.requests.filter((q) => q.path === '/hang').length > hangsBefore, 10_000)).toBe(true);
    expect(r.stats()).toMatchObject({ active: 1, queued: 1 });
    await r.close();
    expect(await inFlight).toMatchObject({ html: null, error: 'renderer is closed' });
    expect(await queued).toMatchObject({ html: null, error: 'renderer is closed' });
    expect(await r.render(site.url('/'))).toMatchObject({ html: null, error: 'renderer is closed' });
    expect(chromiumChildren()).toEqual([]);
  });
});

/** PIDs of the Chromium browser processes this test process started. */
function chromiumChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces, so split after its closing paren.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith('chromium')) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
