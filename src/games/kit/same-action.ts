/** Whether two plain-JSON values are equal, whatever the order of their keys (actions compared as data). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sameAction(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Whether `action` is one of `legal` (compared as data). */
export function isListed(legal: readonly unknown[], action: unknown): boolean {
  const wanted = canonicalJson(action);
  return legal.some((candidate) => canonicalJson(candidate) === wanted);
}
