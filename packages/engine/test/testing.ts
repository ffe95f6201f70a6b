// @seo-geo/engine/testing: the test helpers other packages' tests use. A fake answer engine (an
// OpenAI-compatible chat completions endpoint that replies as told), and the fixture site: its
// server, its hosts and pages, a resolver that maps its hosts to the server, generated sites, the
// resource check's site, and an oversized robots.txt, a small seeded random number generator, how
// the evidence detectors are scored against labels (for scripts/evidence), and the labelled answers
// the brand reader is developed on and measured with (for scripts/brands).
export { completion, providerError, startFakeEngine, type FakeEngine, type HungUp, type RecordedRequest, type Reply } from './answer-engines/fake-engine.js';
export { FIXTURE_ROUTES, startFixtureServer, type AccessLogEntry, type FixtureServer, type Routes } from './fixtures/site/server.js';
export { BLOG, OTHER, WWW, type FixtureResponse, type Route } from './fixtures/site/pages.js';
export { fixtureResolver, type RecordingResolver } from './fixtures/site/resolver.js';
export { generatedSite, type GeneratedSiteOptions } from './fixtures/site/generated.js';
export {
  expectedBroken,
  RESOURCES_CDN_HOST,
  RESOURCES_HOST,
  resourcesCdnRoutes,
  resourcesRoutes,
  SITE_RESOURCES,
  CDN_RESOURCES,
  ROBOTS_DISALLOWED,
} from './fixtures/site/resources-site.js';
export { oversizedRobotsTxt, ROBOTS_CAP } from './fixtures/site/robots.js';
export { PATHOLOGICAL_KINDS, pathologicalPage, type PathologicalKind } from '../bench/pathological-pages.js';
export { agrees, MEASURES } from './real-pages/evidence-figures.js';
export { mulberry32 } from './fixtures/prng.js';
export { SETS as BRAND_DEVELOPMENT_SETS, HELD_OUT as BRAND_KEPT_ASIDE_SETS } from './answer-engines/labelled-sets.js';
export { loadAnswers, nameKey, score, summarise, type Scored as ScoredAnswer, type Summary as BrandsSummary } from './answer-engines/labelled-score.js';
