export { crawl } from './crawler.js';
export { resolveLimits } from './limits.js';
export { extractLinks } from './links.js';
export { normaliseUrl, originOf } from './normalise-url.js';
export { isPublicSuffix, siteScope, type CrawlScope } from './scope.js';
export { RobotsCache, robotsFetch, type RobotsFile, type RobotsCacheOptions } from './robots.js';
export { discoverFromSitemaps } from './sitemaps.js';
export { DEFAULT_CRAWL_LIMITS, type CrawlLimits, type CrawlOptions, type CrawlEvent, type ProcessPage, type ProcessedPage, type StopReason } from './types.js';
export { matchesPathPattern, pathFilterOf, type PathFilter } from './path-patterns.js';
