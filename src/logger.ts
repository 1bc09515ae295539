import pino, { type DestinationStream } from 'pino';
import { prettyLine } from './log-format';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';

/** The ids a log line is about, as fields of the JSON line (searchable, unlike ids inside the message). */
export interface LogFields {
  gameId?: string;
  guildId?: string | null;
  channelId?: string | null;
  userId?: string | null;
  [field: string]: unknown;
}

export interface Logger {
  /** `detail`: an Error (logged with its stack as `err`), or any value (logged as `detail`). */
  debug(message: string, detail?: unknown, fields?: LogFields): void;
  info(message: string, detail?: unknown, fields?: LogFields): void;
  warn(message: string, detail?: unknown, fields?: LogFields): void;
  error(message: string, detail?: unknown, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Strings that must never reach a log line (the token): replaced by [redacted] wherever they appear. */
  secrets?: (string | undefined)[];
  /** JSON lines (for a log collector) or one readable line each (for a terminal). */
  format?: LogFormat;
  /** Where lines go (default: standard output). */
  destination?: { write(line: string): unknown };
}

/** JSON lines when the output is collected, readable lines when a person watches a terminal. */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'pretty' : 'json';
}

function redactor(secrets: (string | undefined)[]): (text: string) => string {
  const hidden = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  return (text) => hidden.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

type PinoLogger = pino.Logger<never, boolean>;

function wrap(base: PinoLogger): Logger {
  const write = (level: LogLevel) => (message: string, detail?: unknown, fields?: LogFields) => {
    const payload: Record<string, unknown> = { ...fields };
    if (detail instanceof Error) payload.err = detail;
    else if (detail !== undefined) payload.detail = detail;
    base[level](payload, message);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => wrap(base.child(fields)),
  };
}

/** A pino logger: one JSON object a line (or a readable line), secrets blanked out of every line. */
export function createLogger(options: LoggerOptions): Logger {
  const redact = redactor(options.secrets ?? []);
  const format = options.format ?? defaultLogFormat();
  const target = options.destination ?? process.stdout;
  const destination: DestinationStream = {
    write: (line: string) => target.write(format === 'pretty' ? prettyLine(line) : line),
  };
  const base = pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redact },
    },
    destination,
  );
  return wrap(base);
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};
