// The issue codes the spec documents (the tables in PageIssue's description) are exactly the codes
// the engine can emit, with the same severities: a code added to one and not the other fails here.
import { describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { ISSUE_CODES } from '@seo-geo/engine';

const description = (spec as unknown as { components: { schemas: { PageIssue: { description: string } } } }).components.schemas.PageIssue.description;

/** `| `code` | severity | meaning |` rows of every table. */
const documented = new Map([...description.matchAll(/^\| `([a-z0-9_]+)` \| (error|warning|notice) \|/gm)].map((m) => [m[1]!, m[2]!]));

describe('issue codes', () => {
  it('documents every code the engine emits, with its severity', () => {
    const emitted = Object.entries(ISSUE_CODES).filter(([code]) => code !== 'canonical_other_site');
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries(emitted.sort()));
  });

  it('names the retired code as no longer emitted', () => {
    expect(description).toMatch(/No longer emitted: `canonical_other_site`/);
  });
});
