// The forms the statistics rules read a number in digits by (statistics.ts's header lists them).

/**
 * The form a statistic in digits is read by (the header's list): `npm run evidence:forms` counts,
 * form by form, how often the readers of the evidence data set count what each form reads.
 */
export const STATISTIC_FORMS = [
  'percentage',
  'money',
  'magnitude',
  'unit',
  'count',
  'ratio',
  'bound',
  'measure',
  'margin',
  'japanese-chinese',
  'korean',
  'tally',
  'result',
  'figures',
  'leading-dot',
  'named-tally',
  'race-time',
  'table-figure',
  'grouped-thousands',
  'unit-in-cell',
] as const;
export type StatisticForm = (typeof STATISTIC_FORMS)[number];
