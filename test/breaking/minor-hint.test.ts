// An added operation gets a hint to raise the minor version, while info.version is still the base's.
import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../scripts/breaking/compare-documents.js';
import { formatReport } from '../../scripts/breaking/report.js';

const added = { rule: 'operation-added', severity: 'info', location: 'PATCH /projects/{projectId}', before: 'absent', after: 'present' } as const;
const comparison = (baseVersion: string, headVersion: string, info: Comparison['info']) =>
  ({ baseVersion, headVersion, majorBump: false, breaking: [], info }) as unknown as Comparison;

describe('the minor-version hint', () => {
  it('names the added operations and the next minor version', () => {
    const report = formatReport(comparison('1.6.0', '1.6.0', [added]), { base: 'base', head: 'head' });
    expect(report).toContain('Hint: 1 operation(s) added (PATCH /projects/{projectId}): raise the minor version in info.version (e.g. to 1.7.0)');
  });

  it('says nothing once the version was raised, or when no operation was added', () => {
    expect(formatReport(comparison('1.6.0', '1.7.0', [added]), { base: 'base', head: 'head' })).not.toContain('Hint');
    expect(formatReport(comparison('1.6.0', '1.6.0', []), { base: 'base', head: 'head' })).not.toContain('Hint');
  });
});
