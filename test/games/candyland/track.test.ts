import { describe, expect, it } from 'vitest';
import {
  CASTLE,
  LICORICE,
  PICTURE_SPACE,
  SHORTCUTS,
  TRACK,
  colorTarget,
  isLicorice,
  shortcutFrom,
} from '../../../src/games/candyland/rules/track';
import { LETTERS, expectedSpaces } from './rules-table';

function describeSpace(space: number): string {
  const found = TRACK[space];
  if (!found) return 'missing';
  if (found.kind === 'color') return Object.keys(LETTERS).find((l) => LETTERS[l] === found.color) ?? '?';
  if (found.kind === 'picture') return found.picture;
  return found.kind;
}

describe('the track', () => {
  it('has the colour or picture of the rules file on every one of its 133 spaces', () => {
    const expected = expectedSpaces();
    expect(expected.size).toBe(133);
    expect(TRACK).toHaveLength(134);
    expect(TRACK[0]).toEqual({ kind: 'start' });
    for (const [space, name] of expected) expect(describeSpace(space), `space ${space}`).toBe(name);
  });

  it('puts the seven pictures where the table says', () => {
    expect(PICTURE_SPACE).toEqual({
      cupcake: 9,
      'ice-cream': 20,
      star: 42,
      gingerbread: 69,
      lollipop: 92,
      'ice-pop': 102,
      chocolate: 117,
    });
  });

  it('has the two shortcuts and two licorice spaces', () => {
    expect(SHORTCUTS.map((s) => [s.from, s.to])).toEqual([
      [4, 60],
      [29, 41],
    ]);
    expect(shortcutFrom(4)?.name).toBe('Rainbow Trail');
    expect(shortcutFrom(29)?.name).toBe('Gumdrop Pass');
    expect(shortcutFrom(5)).toBeNull();
    expect(LICORICE).toEqual([45, 76]);
    expect(isLicorice(45) && isLicorice(76) && !isLicorice(44) && !isLicorice(77)).toBe(true);
  });

  it('finds the next and second-next space of a colour, skipping pictures', () => {
    expect(colorTarget(0, 'red', 1)).toBe(1);
    expect(colorTarget(0, 'red', 2)).toBe(7);
    expect(colorTarget(8, 'yellow', 1)).toBe(10);
    expect(colorTarget(1, 'red', 1)).toBe(7);
    expect(colorTarget(41, 'blue', 1)).toBe(43);
  });

  it('sends a pawn to the castle when there are not enough spaces of the colour ahead', () => {
    expect(colorTarget(128, 'blue', 1)).toBe(131);
    expect(colorTarget(128, 'blue', 2)).toBe(CASTLE);
    expect(colorTarget(127, 'green', 1)).toBe(CASTLE);
    expect(colorTarget(132, 'red', 1)).toBe(CASTLE);
  });
});
