// The evidence data set stays what its labels were made on, and the shipped models are what
// training makes from those labels: the candidates files are what the engine finds on the pages
// now (their ids are what the labels name), and training again gives the committed models.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, '--check'], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });

describe('the evidence data set and models', () => {
  it('has the candidates the engine finds on its pages', () => {
    const result = run('scripts/evidence/candidates.ts');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it('ships the models that training makes from the settled labels', () => {
    const result = run('scripts/evidence/train.ts');
    expect(result.stdout).toMatch(/the committed models are what training makes from the labels/);
    expect(result.status).toBe(0);
  }, 300_000);
});
