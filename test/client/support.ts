// Helpers for the cross-package client tests: the reference server on the SYSTEM clock (the
// shared test helper pins a manual clock, under which buckets never refill on their own), and
// contract checks of what the client returns or throws.
import { randomBytes } from 'node:crypto';
import { assertResponseMatchesContract } from '@seo-geo/types/validator';
import type { ApiError, ApiResponse } from '@seo-geo/client';
import { loadConfig, createLogger, startServer, type RunningServer, type PlanName } from '@seo-geo/server';

export interface SystemClockServer extends RunningServer {
  createKey(input?: { plan?: PlanName; scopes?: string[] }): Promise<string>;
}

export async function startSystemClockServer(): Promise<SystemClockServer> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:', VALIDATE_RESPONSES: 'true' });
  // No clock option: startServer then uses the system clock.
  const running = await startServer({ config, logger: createLogger('silent') });
  return {
    ...running,
    async createKey({ plan = 'pro', scopes } = {}) {
      const created = await running.services.apiKeys.createKey({
        email: `client-${randomBytes(6).toString('hex')}@example.com`,
        plan,
        ...(scopes ? { scopes } : {}),
      });
      return created.apiKey;
    },
  };
}

/** The response behind a client result conforms to the operation's contract. */
export function expectResultContract(operationId: string, result: ApiResponse<unknown>): void {
  assertResponseMatchesContract(operationId, { status: result.status, body: result.body, headers: result.headers });
}

/** The response behind a thrown ApiError conforms to the operation's contract. */
export function expectErrorContract(operationId: string, error: ApiError): void {
  assertResponseMatchesContract(operationId, { status: error.status, body: error.body, headers: error.headers });
}
