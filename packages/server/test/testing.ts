// @seo-geo/server/testing: the test helpers other packages' tests use. A real server on a free
// port, its own database, and API keys on demand.
export { expectContract, startTestServer, type ApiResponse, type TestServer, type TestServerOptions } from './support/server.js';
