// Real server and worker processes for the fault suite: the entry points of `npm start` and `npm
// run worker`, from their sources (node with tsx as a loader, so a SIGKILL hits the process itself;
// compiled.test.ts runs them compiled, as the commands do), and a small site on loopback for them to
// crawl, whose pages can be held open.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const MAIN = join(ROOT, 'packages/server/src/processes/api.ts');
const WORKER = join(ROOT, 'packages/server/src/processes/worker.ts');
/** Bounds every wait for a process to start or stop. */
const PROCESS_DEADLINE_MS = 30_000;

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
}

function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<RunningProcess & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const running: RunningProcess = {
    child,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((resolveReady, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} did not start within ${PROCESS_DEADLINE_MS} ms:\n${output}`)), PROCESS_DEADLINE_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveReady({ ...running, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`${script} exited before it was ready:\n${output}`));
    });
  });
}

export async function startApi(env: NodeJS.ProcessEnv): Promise<RunningProcess & { baseUrl: string }> {
  const api = await start(MAIN, env, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return { ...api, baseUrl: `${api.match[1]}/api/public/v1` };
}

export function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<RunningProcess> {
  return start(WORKER, { ...env, LOG_LEVEL: 'info' }, /job worker running/);
}

export interface Site {
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
  /**
   * The first request for `path` (or its `nth`: a rendered page is fetched, then loaded by the
   * browser) is held open until release(): a page the crawl or the browser is stuck on.
   * `abandoned` settles when the held response closes: the client gave up on it (or, once released, it was answered).
   */
  hold(path: string, nth?: number): { arrived: Promise<void>; abandoned: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** `pages` HTML pages, /p/0 … /p/(pages-1), each linking to the next three; no robots.txt, no sitemap. */
export async function startSite(pages: number): Promise<Site> {
  const requests: string[] = [];
  const held = new Map<string, { nth: number; arrive(): void; abandon(): void; released: Promise<void> }>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const send = () => {
      const match = /^\/p\/(\d+)$/.exec(path);
      if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Home</title><a href="/p/0">start</a>');
      if (!match || Number(match[1]) >= pages) return void res.writeHead(404).end();
      const n = Number(match[1]);
      const links = [1, 2, 3].map((k) => `<a href="/p/${(n + k) % pages}">page ${(n + k) % pages}</a>`).join(' ');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<html lang="en"><title>Page ${n}</title><h1>Page ${n}</h1><p>Text of page ${n}.</p>${links}</html>`);
    };
    const hold = held.get(path);
    if (!hold || requests.filter((p) => p === path).length !== hold.nth) return send();
    held.delete(path);
    hold.arrive();
    res.once('close', () => hold.abandon());
    void hold.released.then(() => (res.destroyed ? undefined : send()));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hold(path, nth = 1) {
      let arrive!: () => void;
      let abandon!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((done) => (arrive = done));
      const abandoned = new Promise<void>((done) => (abandon = done));
      const released = new Promise<void>((done) => (release = done));
      held.set(path, { nth: requests.filter((p) => p === path).length + nth, arrive, abandon, released });
      return { arrived, abandoned, release };
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
