import { describe, expect, it } from 'vitest';
import { CARD_KINDS, DECK, cardName, cardOf, codeOf } from '../../../src/games/candyland/rules/cards';

function count(name: string): number {
  return DECK.filter((code) => cardName(cardOf(code)) === name).length;
}

describe('the deck', () => {
  it('has the 64 cards of the rules file', () => {
    expect(DECK).toHaveLength(64);
    for (const color of ['red', 'orange', 'yellow', 'green', 'blue']) expect(count(color), color).toBe(6);
    expect(count('purple')).toBe(5);
    for (const color of ['red', 'orange', 'yellow', 'purple']) expect(count(`double ${color}`)).toBe(4);
    expect(count('double green')).toBe(3);
    expect(count('double blue')).toBe(3);
    for (const picture of ['cupcake', 'ice cream', 'star', 'gingerbread', 'lollipop', 'ice pop', 'chocolate'])
      expect(count(picture), picture).toBe(1);
  });

  it('codes every card kind both ways', () => {
    for (let code = 0; code < CARD_KINDS; code++) expect(codeOf(cardOf(code))).toBe(code);
    expect(cardOf(8)).toEqual({ color: 'yellow', count: 2 });
    expect(cardOf(13)).toEqual({ picture: 'ice-cream' });
  });
});
