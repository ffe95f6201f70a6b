export { buildBrief } from './build-brief.js';
export { renderDraft } from './render-draft.js';
export { GOALS } from './types.js';
export type { Brief, BriefInput, Goal, OutlineSection, SearchIntent, SitePage } from './types.js';
