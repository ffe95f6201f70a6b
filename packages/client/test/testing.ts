// @seo-geo/client/testing: the test helpers other packages' tests use. A scripted HTTP server
// that answers each request as told (status, headers, delays, dropped connections) and records it.
export { errorBody, startFaultServer, userBody, type FaultServer, type Recorded, type Reply } from './support/fault-server.js';
