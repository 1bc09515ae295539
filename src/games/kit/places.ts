/**
 * Places from a ranking key: a seat's place is 1 + the number of seats strictly ahead of it, so equal keys
 * share a place and the places after them are skipped (900, 900, 400 → 1, 1, 3).
 */
export function placesByKey(keys: readonly number[], higherIsBetter = true): number[] {
  return keys.map((key) => 1 + keys.filter((other) => (higherIsBetter ? other > key : other < key)).length);
}

/** Like placesByKey, comparing keys of several parts in order (the first part decides, then the next…). */
export function placesByKeys(keys: readonly (readonly number[])[]): number[] {
  const ahead = (a: readonly number[], b: readonly number[]): boolean => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const x = a[i] ?? 0;
      const y = b[i] ?? 0;
      if (x !== y) return x > y;
    }
    return false;
  };
  return keys.map((key) => 1 + keys.filter((other) => ahead(other, key)).length);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
