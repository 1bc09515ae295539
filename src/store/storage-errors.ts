/**
 * PostgreSQL's codes for the same (https://www.postgresql.org/docs/current/errcodes-appendix.html): disk full,
 * out of memory or connections, a read-only server or transaction (a standby, a full disk's emergency setting),
 * the server shutting down, a statement cancelled for its time limit, or the connection lost; and the system's
 * for a server it cannot reach.
 */
const POSTGRES_UNAVAILABLE = new Set([
  '53100',
  '53200',
  '53300',
  '25006',
  '25P03',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The driver's (pg, pg-pool) own errors for a connection lost or never made, which carry no code: the server
 * went away mid-statement, did not answer within the time limits (src/store/pg/database.ts), or closed.
 */
const POSTGRES_DRIVER_UNAVAILABLE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * Errors that say the database cannot take writes at all (not that one request was wrong): a full disk
 * (SQLITE_FULL; SQLite reports ENOSPC that way), a read-only file or a failing disk, or on PostgreSQL a full disk,
 * a read-only, unreachable or unanswering server. The transaction that met one was rolled back whole.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (error instanceof Error && POSTGRES_DRIVER_UNAVAILABLE.test(error.message)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    code === 'ENOSPC' ||
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    POSTGRES_UNAVAILABLE.has(code)
  );
}

/** How long a failed write keeps the health check red after it (the next writes would likely fail too). */
export const STORAGE_FAILURE_MEMORY_MS = 60_000;

let lastFailure: { at: number; message: string } | null = null;

/** Remembers a write that failed for want of storage (health reports it for STORAGE_FAILURE_MEMORY_MS). */
export function recordStorageFailure(error: unknown, now = Date.now()): void {
  lastFailure = { at: now, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Forgets the remembered failure. The test suite calls it before each test file: the files share their worker's
 * modules, so an outage one file plays would otherwise leave the health check red for the next.
 */
export function forgetStorageFailures(): void {
  lastFailure = null;
}

/** The recent storage failure's message, or null when writes have not failed lately. */
export function recentStorageFailure(now = Date.now()): string | null {
  return lastFailure && now - lastFailure.at < STORAGE_FAILURE_MEMORY_MS ? lastFailure.message : null;
}
