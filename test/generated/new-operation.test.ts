// The designer's loop: an operation added to the spec before its client method still generates,
// and the generator names every file the operation needs.
import { describe, expect, it } from 'vitest';
import { bundleSpec } from '../../scripts/generate/bundle.js';
import { addCodeSamples, operationsWithoutClientMethod } from '../../scripts/generate/code-samples.js';
import { newOperationChecklist } from '../../scripts/generate/new-operation.js';

describe('a new operation in the spec', () => {
  const spec = bundleSpec() as unknown as { paths: Record<string, Record<string, unknown>> };
  const withNew = structuredClone(spec);
  withNew.paths['/projects/{projectId}/archive'] = {
    post: { operationId: 'archiveProject', parameters: [], responses: { '204': { description: 'Archived.' } } },
  };

  it('is found without a client method, while every operation of the spec has one', () => {
    expect(operationsWithoutClientMethod(spec as never)).toEqual([]);
    expect(operationsWithoutClientMethod(withNew as never)).toEqual(['archiveProject']);
  });

  it('still gets its samples, the TypeScript one saying what is missing, instead of stopping the generator', () => {
    const sampled = addCodeSamples(withNew as never) as unknown as typeof withNew;
    const samples = (sampled.paths['/projects/{projectId}/archive']!.post as { 'x-codeSamples': Array<{ label: string; source: string }> })['x-codeSamples'];
    expect(samples.map((s) => s.label)).toEqual(['curl', expect.any(String)]);
    expect(samples[1]!.source).toContain('No client method for archiveProject yet');
  });

  it('is told every file it needs', () => {
    const text = newOperationChecklist(['archiveProject']);
    for (const file of [
      'packages/client/src/operations.ts',
      'packages/client/src/resources/',
      'packages/server/src/handlers/',
      'packages/types/test/fixtures/type-errors/correct.ts',
    ]) {
      expect(text).toContain(file);
    }
    expect(text).toContain("Handler<'archiveProject', RequestContext>");
  });
});
