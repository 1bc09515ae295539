/**
 * One readable line for a person at a terminal from one JSON log line:
 * `23:05:42.120 WARN  game 42: posting paused  gameId=42 channelId=9 · Error: Missing Access …`.
 */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err', 'detail']);

function timeOf(value: unknown): string {
  return typeof value === 'string' && value.length >= 23 ? value.slice(11, 23) : '';
}

function detailOf(entry: Record<string, unknown>): string {
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) return `\n${err.stack ?? err.message ?? ''}`;
  if (entry.detail === undefined) return '';
  return ` · ${typeof entry.detail === 'string' ? entry.detail : JSON.stringify(entry.detail)}`;
}

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = String(entry.level ?? '').toUpperCase();
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const message = String(entry.msg ?? '');
  return `${timeOf(entry.time)} ${level.padEnd(5)} ${message}${fields ? `  ${fields}` : ''}${detailOf(entry)}\n`;
}
