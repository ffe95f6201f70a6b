// The evidence data set stays what its labels were made on, and the shipped models are what
// training makes from those labels: the candidates files are what the engine finds on the pages
// now (their ids are what the labels name), and training again gives the committed models.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Asynchronous, not spawnSync: training takes over a minute on a slow machine, and a worker whose
// event loop is held that long misses Vitest's own 60-second reply deadline ("Timeout calling
// onTaskUpdate"), which fails the whole run even though every test passed.
const run = (script: string) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--check'], { cwd: new URL('../..', import.meta.url).pathname });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('the evidence data set and models', () => {
  it('has the candidates the engine finds on its pages', async () => {
    const result = await run('scripts/evidence/candidates.ts');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it('ships the models that training makes from the settled labels', async () => {
    const result = await run('scripts/evidence/train.ts');
    expect(result.stdout).toMatch(/the committed models are what training makes from the labels/);
    expect(result.status).toBe(0);
  }, 300_000);
});
