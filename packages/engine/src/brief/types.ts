// The brief builder's input and output shapes.

export const GOALS = ['awareness', 'consideration', 'conversion', 'retention'] as const;
export type Goal = (typeof GOALS)[number];

/** What the project's latest audit knows about one of its pages. */
export interface SitePage {
  url: string;
  title: string | null;
  geoScore: number;
  /** Rubric ids of the checks the page fails (status `fail`; callers may include `partial`). */
  failingChecks: string[];
}

export interface BriefInput {
  topic: string;
  audience: string;
  goal: Goal;
  /** BCP 47 tag of the content's language, e.g. `de-DE`; the templates themselves are English. */
  locale?: string;
  site?: { primaryDomain: string; pages: SitePage[] };
}

export interface OutlineSection {
  heading: string;
  level: 2 | 3;
  /**
   * What to cover. A point that starts with `Statistic:`, `Quotation:`, `Source:` or `Answer:`
   * marks where facts from real sources belong; renderDraft turns those into placeholders.
   */
  points: string[];
}

export type SearchIntent = 'informational' | 'commercial' | 'transactional';

export interface Brief {
  workingTitle: string;
  searchIntent: SearchIntent;
  outline: OutlineSection[];
  questions: string[];
  recommendedSchemaType: string;
  targetWordCount: number;
  geoChecklist: Array<{ checkId: string; item: string }>;
  internalLinks: Array<{ url: string; title: string; reason: string }>;
}
