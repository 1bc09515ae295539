/**
 * The 133-space Candy Land track of the rules file: colour spaces cycling red, purple, yellow, blue, orange,
 * green with seven picture spaces inserted, two shortcuts, two licorice spaces and the Candy Castle at 133.
 */
export const COLORS = ['red', 'purple', 'yellow', 'blue', 'orange', 'green'] as const;
export type Color = (typeof COLORS)[number];

export const PICTURES = [
  'cupcake',
  'ice-cream',
  'star',
  'gingerbread',
  'lollipop',
  'ice-pop',
  'chocolate',
] as const;
export type Picture = (typeof PICTURES)[number];

export const START = 0;
export const CASTLE = 133;

/** Where each picture lies on the track. */
export const PICTURE_SPACE: Readonly<Record<Picture, number>> = {
  cupcake: 9,
  'ice-cream': 20,
  star: 42,
  gingerbread: 69,
  lollipop: 92,
  'ice-pop': 102,
  chocolate: 117,
};

export interface Shortcut {
  name: string;
  from: number;
  to: number;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { name: 'Rainbow Trail', from: 4, to: 60 },
  { name: 'Gumdrop Pass', from: 29, to: 41 },
];

export const LICORICE: readonly number[] = [45, 76];

export type Space =
  | { kind: 'start' }
  | { kind: 'color'; color: Color }
  | { kind: 'picture'; picture: Picture }
  | { kind: 'castle' };

function buildTrack(): Space[] {
  const pictureAt = new Map<number, Picture>(
    PICTURES.map((picture) => [PICTURE_SPACE[picture], picture] as const),
  );
  const spaces: Space[] = [{ kind: 'start' }];
  let colorIndex = 0;
  for (let space = 1; space < CASTLE; space++) {
    const picture = pictureAt.get(space);
    if (picture) {
      spaces.push({ kind: 'picture', picture });
    } else {
      spaces.push({ kind: 'color', color: COLORS[colorIndex % COLORS.length] as Color });
      colorIndex++;
    }
  }
  spaces.push({ kind: 'castle' });
  return spaces;
}

/** TRACK[n] is space n, from the start (0) to the Candy Castle (133). */
export const TRACK: readonly Space[] = buildTrack();

export function spaceColor(space: number): Color | null {
  const found = TRACK[space];
  return found?.kind === 'color' ? found.color : null;
}

/** The space `count` spaces of `color` ahead of `from`, or the Candy Castle when there are not that many. */
export function colorTarget(from: number, color: Color, count: number): number {
  let left = count;
  for (let space = from + 1; space < CASTLE; space++) {
    if (spaceColor(space) === color && --left === 0) return space;
  }
  return CASTLE;
}

export function shortcutFrom(space: number): Shortcut | null {
  return SHORTCUTS.find((shortcut) => shortcut.from === space) ?? null;
}

export function isLicorice(space: number): boolean {
  return LICORICE.includes(space);
}
