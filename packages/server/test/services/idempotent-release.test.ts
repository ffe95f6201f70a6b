// A POST answered 503 because the database dropped its connection frees its Idempotency-Key; the
// release itself may meet a dropped connection too, and is then sent once more.
import { describe, expect, it } from 'vitest';
import { createIdempotentRequests } from '../../src/services/idempotent-requests.js';
import type { IdempotencyClaim, IdempotencyRepository } from '../../src/storage/repositories/idempotency.js';

const claim: IdempotencyClaim = { accountId: 'acc', key: 'k', lease: '2025-01-01T00:00:00Z', keepUntil: '2025-01-02T00:00:00Z' };

function repositoryFailing(errors: Error[]): { repository: IdempotencyRepository; releases: () => number } {
  let calls = 0;
  const repository = {
    release: () => {
      calls++;
      const error = errors.shift();
      return error ? Promise.reject(error) : Promise.resolve();
    },
  } as unknown as IdempotencyRepository;
  return { repository, releases: () => calls };
}

const clock = { now: () => Date.parse('2025-01-01T00:00:00Z') };

describe('releasing an idempotency claim', () => {
  it('is sent again on another connection when the database dropped the first', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { repository, releases } = repositoryFailing([lost]);
    await createIdempotentRequests({ idempotency: repository, clock }).release(claim);
    expect(releases()).toBe(2);
  });

  it('fails as it failed for any other error, and on a second lost connection', async () => {
    const { repository, releases } = repositoryFailing([new Error('syntax error at or near "x"')]);
    await expect(createIdempotentRequests({ idempotency: repository, clock }).release(claim)).rejects.toThrow('syntax error');
    expect(releases()).toBe(1);
    const twice = repositoryFailing([new Error('Connection terminated unexpectedly'), new Error('Connection terminated unexpectedly')]);
    await expect(createIdempotentRequests({ idempotency: twice.repository, clock }).release(claim)).rejects.toThrow('Connection terminated');
    expect(twice.releases()).toBe(2);
  });
});
