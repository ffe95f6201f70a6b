// Contract checks of what the client returns or throws, for the cross-package client tests.
import { assertResponseMatchesContract } from '@seo-geo/types/validator';
import type { ApiError, ApiResponse } from '@seo-geo/client';

/** The response behind a client result conforms to the operation's contract. */
export function expectResultContract(operationId: string, result: ApiResponse<unknown>): void {
  assertResponseMatchesContract(operationId, { status: result.status, body: result.body, headers: result.headers });
}

/** The response behind a thrown ApiError conforms to the operation's contract. */
export function expectErrorContract(operationId: string, error: ApiError): void {
  assertResponseMatchesContract(operationId, { status: error.status, body: error.body, headers: error.headers });
}
