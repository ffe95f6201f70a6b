// The exemption: a breaking change is allowed exactly when info.version's major increased.

import { describe, expect, it } from 'vitest';
import { isMajorBump, majorOf } from '../../scripts/breaking/version.js';
import { compare, object } from './api.js';

const removal = (version: string) =>
  compare(
    { version: '1.4.2', response: object({ id: { type: 'string' }, name: { type: 'string' } }) },
    { version, response: object({ id: { type: 'string' } }) },
  );

describe('major version bump', () => {
  it('allows breaking changes when the major increased, still listing them', () => {
    const result = removal('2.0.0');
    expect(result.majorBump).toBe(true);
    expect(result.breaking.map((c) => c.rule)).toEqual(['response-field-removed']);
  });

  it('does not allow them for a minor or patch bump, or a pre-release of the same major', () => {
    for (const version of ['1.5.0', '1.4.3', '1.9.9-beta.1']) expect(removal(version).majorBump).toBe(false);
  });

  it('reads majors from common version spellings', () => {
    expect(majorOf('1.0.0')).toBe(1);
    expect(majorOf('v2.1')).toBe(2);
    expect(majorOf('3')).toBe(3);
    expect(majorOf('10.0.0-rc.1')).toBe(10);
    expect(majorOf('latest')).toBeUndefined();
    expect(isMajorBump('1.0.0', '2.0.0-beta.1')).toBe(true);
    expect(isMajorBump('2.0.0', '1.0.0')).toBe(false);
    expect(isMajorBump('latest', '2.0.0')).toBe(false);
  });
});
