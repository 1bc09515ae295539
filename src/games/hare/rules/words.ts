/** Hare & Tortoise's counted nouns, written one way everywhere: "1 carrot", "1,065 carrots". */
export function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}

export function carrotCount(value: number): string {
  return count(value, 'carrot');
}
