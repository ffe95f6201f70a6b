// Contract checks of what the client returns or throws, for the cross-package client tests.
import { assertResponseMatchesContract } from '@seo-geo/types/validator';
import type { APIError, APIResponse } from '@seo-geo/client';

/** The response behind a client result conforms to the operation's contract. */
export function expectResultContract(operationId: string, result: APIResponse<unknown>): void {
  assertResponseMatchesContract(operationId, { status: result.status, body: result.body, headers: result.headers });
}

/** The response behind a thrown APIError conforms to the operation's contract. */
export function expectErrorContract(operationId: string, error: APIError): void {
  assertResponseMatchesContract(operationId, { status: error.status, body: error.body, headers: error.headers });
}
