// PostgreSQL breaks a deadlock by failing one of the transactions in it (SQLSTATE 40P01); the
// others go on. A transaction whose writes are safe to run again is then simply run again: its
// own writes were rolled back, and the one it waited for has committed or given way by now.

const DEADLOCK_DETECTED = '40P01';
/** A deadlock three times running would be a design fault, not bad luck: it is thrown then. */
const ATTEMPTS = 3;

export function isDeadlock(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === DEADLOCK_DETECTED;
}

/** Runs `transaction` (a whole transaction, safe to repeat) again when it was chosen to break a deadlock. */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
