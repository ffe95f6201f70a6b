// Prism 5.14.2 mocking the same document, as the "mock server" floor. It is fetched on demand
// into a directory outside the workspace (later Prism versions need Node 24, and Prism must not
// become a dependency of the project) and reused on later runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, LOOPBACK, waitFor } from '../lib/net.js';

export const PRISM_VERSION = '5.14.2';
const PACKAGE = '@stoplight/prism-cli';
const INSTALL_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export interface PrismServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

export function killAllPrism(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

function installedVersion(dir: string): string | undefined {
  const manifest = join(dir, 'node_modules', PACKAGE, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

/** The path of Prism's CLI script, installing that exact version first when it is not there. */
export async function ensurePrism(dir: string, log: (line: string) => void): Promise<string> {
  if (installedVersion(dir) !== PRISM_VERSION) {
    log(`Installing ${PACKAGE}@${PRISM_VERSION} into ${dir} (once; reused by later runs)…`);
    mkdirSync(dir, { recursive: true });
    // cwd is the target directory so npm never sees the workspace's package.json.
    await runCommand(
      'npm',
      ['install', '--prefix', dir, '--save-exact', '--no-audit', '--no-fund', '--loglevel=error', `${PACKAGE}@${PRISM_VERSION}`],
      dir,
      INSTALL_TIMEOUT_MS,
    );
    const got = installedVersion(dir);
    if (got !== PRISM_VERSION) throw new Error(`npm finished but ${PACKAGE} ${got ?? 'is missing'} (wanted ${PRISM_VERSION})`);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(dir, 'node_modules', PACKAGE, manifest.bin.prism!);
}

function runCommand(command: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    live.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      live.delete(child);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args[0]!} failed (${signal ?? `exit ${code!}`}): ${stderr.trim() || 'no output'}`));
    });
  });
}

/**
 * Starts `prism mock` on a free loopback port and waits until it answers; `probePath` must be a 200. Prism serves
 * the document's paths at the root (it does not mount them under the servers' base path).
 * Logging is silenced as the reference server's is, and request-violation errors stay off, the
 * default, so Prism answers with the documented example rather than a 4xx.
 */
export async function startPrism(options: { cli: string; document: string; probePath: string; headers: Record<string, string> }): Promise<PrismServer> {
  const port = await freePort();
  const args = [options.cli, 'mock', options.document, '--host', LOOPBACK, '--port', String(port), '--errors', 'false', '--verboseLevel', 'silent'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  live.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let exitedWith: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedWith = signal ?? `exit ${code!}`;
      live.delete(child);
      resolve();
    });
  });
  child.once('error', (error) => (exitedWith = error.message));

  const url = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    if (exitedWith !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    // Any HTTP answer is final (Prism is up); only connection errors are retried.
    const first = await waitFor(
      async () => {
        const response = await fetch(url + options.probePath, { headers: options.headers });
        return { status: response.status, text: await response.text() };
      },
      {
        timeoutMs: START_TIMEOUT_MS,
        what: `Prism on port ${port}`,
        abort: () => (exitedWith === undefined ? undefined : `it exited (${exitedWith}): ${stderr.trim() || 'no output'}`),
      },
    );
    if (first.status !== 200) throw new Error(`Prism answered ${first.status} on ${options.probePath}: ${first.text.slice(0, 300)}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}
