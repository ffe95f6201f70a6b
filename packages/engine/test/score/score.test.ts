import { describe, expect, it } from 'vitest';
import { CHECK_IDS, RUBRIC_ID, RUBRIC_TOTAL, scoreOf, scorePage } from '../../src/score/index.js';
import type { CheckResult } from '../../src/types.js';
import { facts } from '../analyse/helpers.js';

const c = (status: CheckResult['status'], earned: number, max: number): CheckResult => ({ id: 'X', name: 'x', status, earned, max, evidence: '', fix: null });

describe('GEO score', () => {
  it('has 18 checks worth 100 points under a versioned id', () => {
    expect(CHECK_IDS).toEqual(['A1', 'A2', 'A3', 'A4', 'E1', 'E2', 'E3', 'E4', 'R1', 'R2', 'R3', 'R4', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
    expect(RUBRIC_TOTAL).toBe(100);
    expect(RUBRIC_ID).toBe('geo-2026.4');
  });

  it('is round(100 × earned ÷ applicable), na checks dropping out', () => {
    // 6 + 2.5 earned of 6 + 5 applicable (the na 10 drops out): 100 × 8.5 / 11 = 77.27 → 77
    expect(scoreOf([c('pass', 6, 6), c('partial', 2.5, 5), c('na', 0, 10)])).toBe(77);
    // 0.5 of 1: 50 → rounds half up
    expect(scoreOf([c('partial', 0.5, 1)])).toBe(50);
    expect(scoreOf([c('na', 0, 5)])).toBe(0);
  });

  it('returns every check in rubric order with its evidence', () => {
    const s = scorePage(facts());
    expect(s.checks.map((x) => x.id)).toEqual(CHECK_IDS);
    expect(s.checks.every((x) => x.evidence.length > 0)).toBe(true);
    expect(s.checks.filter((x) => x.status === 'pass').every((x) => x.fix === null)).toBe(true);
    expect(s.checks.filter((x) => x.status === 'fail' || x.status === 'partial').every((x) => x.fix !== null)).toBe(true);
  });

  it('gives records that are not 2xx HTML pages (non-2xx, non-HTML, no response) 0 and no checks', () => {
    for (const f of [
      facts({ statusCode: 301 }),
      facts({ statusCode: 500 }),
      facts({ isHtml: false }),
      facts({ statusCode: 0, error: { code: 'dns_failure', message: 'no such host' } }),
    ]) {
      const s = scorePage(f);
      expect(s.geoScore).toBe(0);
      expect(s.checks).toEqual([]);
    }
  });

  it('scores a 2xx HTML page without a usable body 0, every check failed with the reason', () => {
    for (const f of [facts({ hasBody: false }), facts({ error: { code: 'body_too_large', message: 'over 5 MiB' } })]) {
      const s = scorePage(f);
      expect(s.geoScore).toBe(0);
      expect(s.checks).toHaveLength(18);
      expect(s.checks.every((x) => x.status === 'fail' && x.evidence.startsWith('Not scored:'))).toBe(true);
    }
  });
});
