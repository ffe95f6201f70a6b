// @seo-geo/server/background: what a process that runs the background work needs, without the
// HTTP stack (the benchmarks' worker processes load this, as `npm run worker` loads processes/worker.ts).
export { openRoot, startBackground, type Background, type BackgroundOptions, type Root } from './composition/root.js';
export { loadConfig, type Config } from './config/environment.js';
export { createLogger } from './http/logging.js';
