/**
 * Errors that say the database cannot take writes at all (not that one request was wrong): a full disk
 * (SQLITE_FULL; SQLite reports ENOSPC that way), a read-only file or a failing disk. The transaction that met
 * one was rolled back whole.
 */
export function isStorageUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    code === 'ENOSPC' ||
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR')
  );
}
