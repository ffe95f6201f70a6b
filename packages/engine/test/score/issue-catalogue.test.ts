import { describe, expect, it } from 'vitest';
import { ISSUE_CATALOGUE, issueDefinition } from '../../src/score/issue-catalogue.js';
import { ISSUE_CODES } from '../../src/score/issue-codes.js';

describe('the issue catalogue', () => {
  it('has every issue code once, with its severity and text within the API bounds', () => {
    expect(ISSUE_CATALOGUE.map((d) => d.code).sort()).toEqual(Object.keys(ISSUE_CODES).sort());
    for (const d of ISSUE_CATALOGUE) {
      expect(d.severity, d.code).toBe(ISSUE_CODES[d.code]);
      expect(d.title.length, d.code).toBeLessThanOrEqual(120);
      expect(d.description.length, d.code).toBeLessThanOrEqual(1000);
      expect(d.howToFix.length, d.code).toBeLessThanOrEqual(1000);
    }
  });

  it('is ordered by priority, then severity, then code', () => {
    const rank = { error: 0, warning: 1, notice: 2 };
    const key = (d: (typeof ISSUE_CATALOGUE)[number]) => `${d.priority}${rank[d.severity]}${d.code}`;
    const keys = ISSUE_CATALOGUE.map(key);
    expect(keys).toEqual([...keys].sort());
  });

  it('finds a code, and nothing for an unknown one', () => {
    expect(issueDefinition('broken_internal_link')).toMatchObject({ priority: 1, scope: 'site', emitted: true });
    expect(issueDefinition('canonical_other_site')?.emitted).toBe(false);
    expect(issueDefinition('toString')).toBeUndefined();
  });
});
