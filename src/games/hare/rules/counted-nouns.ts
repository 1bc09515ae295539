/** Hare & Tortoise's counted nouns, written one way everywhere: "1 carrot", "1,065 carrots". */
export function count(value: number, noun: string): string {
  return `${formatNumber(value)} ${noun}${value === 1 ? '' : 's'}`;
}

/** "1,790": every number shown to players, in texts and images alike. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

export function carrotCount(value: number): string {
  return count(value, 'carrot');
}
