/**
 * Discord's timestamp markup, `<t:SECONDS>` and `<t:SECONDS:STYLE>`, as the Discord client shows it in English:
 * in the reader's time zone (the sandbox server runs on the reader's machine), relative times like moment.js.
 */

export interface Clock {
  now(): number;
  /** An IANA zone; undefined: the machine's own. */
  timeZone?: string;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

export const TIMESTAMP_MARKUP = /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g;

type Style = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

const FORMATS: Record<Exclude<Style, 'f' | 'F' | 'R'>, Intl.DateTimeFormatOptions> = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { month: '2-digit', day: '2-digit', year: 'numeric' },
  D: { month: 'long', day: 'numeric', year: 'numeric' },
};

function format(date: Date, options: Intl.DateTimeFormatOptions, clock: Clock): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: clock.timeZone }).format(date);
}

function absolute(date: Date, style: Exclude<Style, 'R'>, clock: Clock): string {
  if (style === 'f') return `${format(date, FORMATS.D, clock)} ${format(date, FORMATS.t, clock)}`;
  if (style === 'F') {
    const weekday = format(date, { weekday: 'long' }, clock);
    return `${weekday}, ${absolute(date, 'f', clock)}`;
  }
  return format(date, FORMATS[style], clock);
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Spans below each limit (in seconds) and how they read: moment.js's thresholds, which Discord's client uses. */
const SPANS: { below: number; read: (seconds: number) => string }[] = [
  { below: 45, read: () => 'a few seconds' },
  { below: 90, read: () => 'a minute' },
  { below: 44.5 * MINUTE, read: (s) => `${Math.round(s / MINUTE)} minutes` },
  { below: 90 * MINUTE, read: () => 'an hour' },
  { below: 21.5 * HOUR, read: (s) => `${Math.round(s / HOUR)} hours` },
  { below: 36 * HOUR, read: () => 'a day' },
  { below: 25.5 * DAY, read: (s) => `${Math.round(s / DAY)} days` },
  { below: 45 * DAY, read: () => 'a month' },
  { below: 320 * DAY, read: (s) => `${Math.round(s / (30.44 * DAY))} months` },
  { below: 548 * DAY, read: () => 'a year' },
  { below: Infinity, read: (s) => `${Math.round(s / (365.25 * DAY))} years` },
];

/** "2 days ago", "in an hour". */
function relative(ms: number, now: number): string {
  const seconds = Math.abs(ms - now) / 1000;
  const span = SPANS.find((s) => seconds < s.below)!.read(seconds);
  return ms >= now ? `in ${span}` : `${span} ago`;
}

export interface ShownTimestamp {
  /** ISO 8601, for the `datetime` attribute. */
  iso: string;
  text: string;
  /** The full date and time (Discord's tooltip). */
  full: string;
}

/** What the markup shows; null when the moment is out of range (Discord then leaves the markup as text). */
export function showTimestamp(
  seconds: string,
  style: string | undefined,
  clock: Clock,
): ShownTimestamp | null {
  const ms = Number(seconds) * 1000;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const chosen = (style ?? 'f') as Style;
  const text = chosen === 'R' ? relative(ms, clock.now()) : absolute(date, chosen, clock);
  return { iso: date.toISOString(), text, full: absolute(date, 'F', clock) };
}
