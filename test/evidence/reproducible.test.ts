// The evidence data set stays what its labels were made on, and the shipped models are what
// training makes from those labels: the candidates files are what the engine finds on the pages
// now (their ids are what the labels name), and training again gives the committed models.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Asynchronous, not spawnSync: training takes over a minute on a slow machine, and a worker whose
// event loop is held that long misses Vitest's own 60-second reply deadline ("Timeout calling
// onTaskUpdate"), which fails the whole run even though every test passed.
// execFile rejects on a non-zero exit, so `resolves` also asserts that the script passed.
const run = (script: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', script, '--check'], { cwd: new URL('../..', import.meta.url).pathname });

describe('the evidence data set and models', () => {
  it('has the candidates the engine finds on its pages', async () => {
    await expect(run('scripts/evidence/candidates.ts')).resolves.toMatchObject({ stderr: '' });
  }, 120_000);

  it('ships the models that training makes from the settled labels', async () => {
    await expect(run('scripts/evidence/train.ts')).resolves.toMatchObject({
      stdout: expect.stringMatching(/the committed models are what training makes from the labels/),
    });
    // It trains on the main set and every development set (370 pages): about a minute alone, two
    // and a half beside the rest of the suite on two cores.
  }, 600_000);
});
