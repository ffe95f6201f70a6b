// A real `npm run worker` process (src/processes/worker.ts) for the scale-mode tests, started with node and
// tsx as a loader, not the tsx CLI: the CLI runs the script in a child process of its own, so a
// SIGKILL would hit the CLI and leave the worker running. Resolves once the worker logs that it
// claims jobs, with the id it claims them under.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const WORKER = join(ROOT, 'packages/server/src/processes/worker.ts');

export interface WorkerProcess {
  workerId: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

export function spawnWorkerProcess(env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((done) => child.on('exit', done));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.includes('job worker running'));
      if (line) ready({ workerId: (JSON.parse(line) as { workerId: string }).workerId, child, exited });
    });
    child.on('exit', (code) => fail(new Error(`worker exited early (${String(code)}): ${stdout}${stderr}`)));
  });
}

/** SIGKILLs the workers still running and waits for every one to be gone. */
export async function killWorkers(workers: readonly WorkerProcess[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
}

/**
 * Starts several workers at once. If one fails to start, the others are killed before the error
 * is thrown: a test that fails there must not leave workers claiming the next test's jobs.
 */
export async function spawnWorkerProcesses(envs: readonly NodeJS.ProcessEnv[]): Promise<WorkerProcess[]> {
  const started = await Promise.allSettled(envs.map(spawnWorkerProcess));
  const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) return workers;
  await killWorkers(workers);
  throw failed.reason;
}
