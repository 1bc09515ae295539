/**
 * The 64-card deck. In the state a card is a small whole number (its code), which the simulator's typed arrays
 * share; `cardOf` turns a code into the rules file's card JSON.
 */
import { COLORS, PICTURES, type Color, type Picture } from './track';

export type Card = { color: Color; count: 1 | 2 } | { picture: Picture };

/** Codes 0–5: single colour (in COLORS order); 6–11: double; 12–18: pictures (in PICTURES order). */
export const CARD_KINDS = COLORS.length * 2 + PICTURES.length;

export function cardOf(code: number): Card {
  if (code < COLORS.length) return { color: COLORS[code] as Color, count: 1 };
  if (code < 2 * COLORS.length) return { color: COLORS[code - COLORS.length] as Color, count: 2 };
  return { picture: PICTURES[code - 2 * COLORS.length] as Picture };
}

export function codeOf(card: Card): number {
  if ('picture' in card) return 2 * COLORS.length + PICTURES.indexOf(card.picture);
  return COLORS.indexOf(card.color) + (card.count === 2 ? COLORS.length : 0);
}

const COMPOSITION: readonly [Card, number][] = [
  [{ color: 'red', count: 1 }, 6],
  [{ color: 'orange', count: 1 }, 6],
  [{ color: 'yellow', count: 1 }, 6],
  [{ color: 'green', count: 1 }, 6],
  [{ color: 'blue', count: 1 }, 6],
  [{ color: 'purple', count: 1 }, 5],
  [{ color: 'red', count: 2 }, 4],
  [{ color: 'orange', count: 2 }, 4],
  [{ color: 'yellow', count: 2 }, 4],
  [{ color: 'purple', count: 2 }, 4],
  [{ color: 'green', count: 2 }, 3],
  [{ color: 'blue', count: 2 }, 3],
  ...PICTURES.map((picture): [Card, number] => [{ picture }, 1]),
];

/** The unshuffled deck as codes, in a fixed order (the shuffle starts from it). */
export const DECK: readonly number[] = COMPOSITION.flatMap(([card, copies]) =>
  Array.from({ length: copies }, () => codeOf(card)),
);

export function cardName(card: Card): string {
  if ('picture' in card) return card.picture.replace('-', ' ');
  return `${card.count === 2 ? 'double ' : ''}${card.color}`;
}
