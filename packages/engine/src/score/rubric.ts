// The GEO rubric, versioned. Points and names are those of the *GEO score* section of the spec
// (openapi/openapi.yaml), which states each check's rule; any change to a check's rule or points
// needs a new RUBRIC_ID so stored scores stay explainable (each stored page keeps its rubricId).
// The score measures readiness to be found and quoted by answer engines, not a promise of visibility.
//
// geo-2026.1: main content found as article readers find it; prose quotations (E1); statistics in
// words and tables (E2); the citation site boundary (E3); E4 recalibrated; cross-domain canonicals
// accepted (A4); M2 judged by structured-data validation; meta tags after an early </head> ignored.
// geo-2026.2: E2 reads German nouns and units, French and Spanish units, ranges once, and leaves out
// versions before "release", clock times (um 17 Uhr), and relative times written before the span.
// geo-2026.3: E2 leaves out ages given without "old" (Antoine, 32 ans,), model codes (12+18V,
// 12V-21), spans anchored by "après", and number words picked from a set (the other two); it reads
// joined units however capitalised (5GiB) and hyphenated spans after "the" (the three-day journey).
// geo-2026.4: A3 judges what was measured: fewer than 150 words as served fail only when rendering
// shows scripts adding the content, pass when it adds none, and do not apply without a rendering.
export const RUBRIC_ID = 'geo-2026.4';

export interface CheckDefinition {
  id: string;
  name: string;
  max: number;
}

export const CHECKS = {
  A1: { id: 'A1', name: 'Indexable and snippet-eligible', max: 6 },
  A2: { id: 'A2', name: 'AI agents allowed by robots.txt', max: 6 },
  A3: { id: 'A3', name: 'Main content in the server HTML', max: 5 },
  A4: { id: 'A4', name: 'Canonical valid and consistent', max: 3 },
  E1: { id: 'E1', name: 'Attributed quotation', max: 10 },
  E2: { id: 'E2', name: 'Statistics', max: 10 },
  E3: { id: 'E3', name: 'Citations of sources', max: 10 },
  E4: { id: 'E4', name: 'No keyword stuffing', max: 5 },
  R1: { id: 'R1', name: 'Readable', max: 6 },
  R2: { id: 'R2', name: 'Heading structure', max: 6 },
  R3: { id: 'R3', name: 'Lists or tables', max: 4 },
  R4: { id: 'R4', name: 'At least 300 words', max: 4 },
  M1: { id: 'M1', name: 'schema.org markup present', max: 8 },
  M2: { id: 'M2', name: 'Markup type has its key properties', max: 5 },
  M3: { id: 'M3', name: 'Title', max: 3 },
  M4: { id: 'M4', name: 'Meta description', max: 3 },
  M5: { id: 'M5', name: 'Valid lang attribute', max: 2 },
  M6: { id: 'M6', name: 'Author and date', max: 4 },
} as const satisfies Record<string, CheckDefinition>;

export type CheckId = keyof typeof CHECKS;

export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

/** Sum of all checks' points: 100. */
export const RUBRIC_TOTAL = CHECK_IDS.reduce((sum, id) => sum + CHECKS[id].max, 0);
