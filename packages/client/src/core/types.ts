// Types of each operation, read from the generated `operations` so that a change to the spec
// changes the client's signatures: no type here is written by hand.
import type { components, operations, OperationId as PathOperationId } from '@seo-geo/types';

// Operations of the spec's paths; webhook events are operations the receivers implement.
export type OperationId = PathOperationId;
type Op<K extends OperationId> = operations[K];
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body of the operation's success response. */
export type SuccessBody<K extends OperationId> = {
  // 204 has no content: the method resolves to undefined.
  [S in keyof Op<K>['responses']]: S extends 204 ? undefined : S extends SuccessStatus ? Json<Op<K>['responses'][S]> : never;
}[keyof Op<K>['responses']];

/** What a method resolves to: the envelope's `data`, or the body itself when it has no envelope. */
export type ResponseData<K extends OperationId> = SuccessBody<K> extends { data: infer D; meta: unknown } ? D : SuccessBody<K>;
/** The envelope's `meta`; null for operations without an envelope (the OpenAPI document). */
export type ResponseMeta<K extends OperationId> = SuccessBody<K> extends { meta: infer M } ? M : null;

export type RequestBody<K extends OperationId> = Op<K> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type QueryParams<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;
export type PathParams<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;

/** Operations whose `data` is an array: the paginated lists. */
export type ListOperationId = { [K in OperationId]: ResponseData<K> extends readonly unknown[] ? K : never }[OperationId];
export type ListItem<K extends ListOperationId> = ResponseData<K> extends ReadonlyArray<infer I> ? I : never;

export type ListMeta = components['schemas']['ListMeta'];
export type Meta = components['schemas']['Meta'];

/** The parts of a request a resource method fills in. */
export interface CallInput<K extends OperationId> {
  path?: PathParams<K> | undefined;
  query?: QueryParams<K> | undefined;
  body?: RequestBody<K> | undefined;
}
