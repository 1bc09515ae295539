import type { Logger } from '../../src/logger';

/** A logger that keeps the lines a test asserts on: errors apart, and every warning or error with its detail. */
export function recordingLogger() {
  const errors: string[] = [];
  const lines: string[] = [];
  const keep = (message: string, detail?: unknown) =>
    void lines.push(`${message} ${detail instanceof Error ? detail.message : String(detail ?? '')}`);
  const logger: Logger = {
    debug: keep,
    info() {},
    warn: keep,
    error: (message, detail) => {
      errors.push(message);
      keep(message, detail);
    },
    child: () => logger,
  };
  return { logger, errors, lines };
}
