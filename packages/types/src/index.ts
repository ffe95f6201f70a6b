// The contract as TypeScript: generated types, the runtime operation table, the handler map.
export type { components, operations, paths, webhooks } from '../generated/schema.js';
export { apiVersion, operationTable } from '../generated/operations.js';
export type * from './handlers.js';
export type * from './models.js';
export { listOperations, type OperationInfo, type OpenApiDocumentLike } from './operation-list.js';
