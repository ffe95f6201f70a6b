// Whether an error means the database could not be reached or dropped the connection, rather than
// that the query was wrong: a terminated backend (failover, restart, an administrator,
// idle_in_transaction_session_timeout), a refused or reset socket. Such a request may be retried
// as it is once the database is back, so it answers 503, not 500.

/** SQLSTATEs of a lost or refused connection (PostgreSQL's appendix A: class 08, 57P01–57P03, 25P03, 53300). */
const LOST_CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '25P03', '53300']);
const SOCKET_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres says these in words only, without a code. */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || LOST_CONNECTION_STATES.has(code) || SOCKET_FAILURES.has(code))) return true;
  if (LOST_CONNECTION_MESSAGES.test(error.message)) return true;
  // A host with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isConnectionLost);
}
