export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** A console logger that drops lines below `level` and blanks out any secret that appears in a line. */
export function createLogger(level: LogLevel, secrets: (string | undefined)[] = []): Logger {
  const hidden = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  const redact = (text: string) => hidden.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  const write = (at: LogLevel, message: string, detail?: unknown) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra =
      detail === undefined
        ? ''
        : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : JSON.stringify(detail)}`;
    const line = redact(`${new Date().toISOString()} ${at.toUpperCase()} ${message}${extra}`);
    (at === 'error' || at === 'warn' ? console.error : console.log)(line);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
