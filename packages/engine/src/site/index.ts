export { AI_AGENTS } from './agents.js';
export type { AiAgent } from './agents.js';
export { parseRobots, robotsFindings } from './robots.js';
export type { RobotsFindings } from './robots.js';
export { llmsTxtFindings } from './llms-txt.js';
export type { LlmsTxtFindings, LlmsTxtProblem } from './llms-txt.js';
export { parseSitemap, sitemapFindings } from './sitemap.js';
export type { ParsedSitemap, SitemapDocument, SitemapFindings } from './sitemap.js';
