// Dates and times as Discord's client writes them for the reader: in their language's locale and the
// machine's time zone.
import { localeOf, wordsOf } from './words.js';

const TIME_STYLES = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { month: '2-digit', day: '2-digit', year: 'numeric' },
  D: { month: 'long', day: 'numeric', year: 'numeric' },
  f: { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  F: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
};
const SPANS = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [30 * 86_400, 'day', 86_400],
  [365 * 86_400, 'month', 30.44 * 86_400],
  [Infinity, 'year', 365.25 * 86_400],
];

/** Discord writes the hour with two digits in German and French ("Heute um 09:05"), one in English and Spanish. */
const TWO_DIGIT_HOURS = new Set(['de', 'fr']);

function format(date, language, style) {
  const options = TIME_STYLES[style];
  const hours = options.hour && TWO_DIGIT_HOURS.has(language) ? { hour: '2-digit' } : {};
  return new Intl.DateTimeFormat(localeOf(language), { ...options, ...hours }).format(date);
}

function sameDay(a, b) {
  return a.toDateString() === b.toDateString();
}

/** The time beside a message's author: "Today at 6:30 PM", "Heute um 18:30", or the date and time. */
export function headerTime(ms, language, now = Date.now()) {
  const date = new Date(ms);
  const time = format(date, language, 't');
  const words = wordsOf(language);
  if (sameDay(date, new Date(now))) return words.today(time);
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (sameDay(date, yesterday)) return words.yesterday(time);
  return `${format(date, language, 'd')} ${time}`;
}

/** The full date and time, for a time's tooltip ("Samstag, 28. November 2026 um 18:30"). */
export function fullTime(ms, language) {
  return format(new Date(ms), language, 'F');
}

/**
 * Discord's timestamp markup in the reader's locale (`<t:…:d>` reads 28.11.2026 for a German reader): the server
 * writes it as an English reader sees it; the page rewrites it for a player in another language.
 */
export function localizeTimes(root, language) {
  if (language === 'en') return;
  for (const node of root.querySelectorAll('time.timestamp-markup[data-style]')) {
    const date = new Date(node.getAttribute('datetime'));
    const style = node.dataset.style;
    node.title = fullTime(date.getTime(), language);
    if (style === 'R') {
      const seconds = (date.getTime() - Date.now()) / 1000;
      const [, unit, size] = SPANS.find(([below]) => Math.abs(seconds) < below);
      node.textContent = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' }).format(
        Math.round(seconds / size),
        unit,
      );
    } else if (TIME_STYLES[style]) node.textContent = format(date, language, style);
  }
}
