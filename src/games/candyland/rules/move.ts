/** Where a card takes a pawn: the one move rule, used by the engine and (through a table) by the simulator. */
import { cardOf } from './cards';
import { CASTLE, PICTURE_SPACE, colorTarget, isLicorice, shortcutFrom, type Shortcut } from './track';

export interface Move {
  from: number;
  /** The space the card names (before a shortcut). */
  landing: number;
  /** Where the pawn ends. */
  to: number;
  shortcut: Shortcut | null;
  licorice: boolean;
  castle: boolean;
}

export function resolveMove(from: number, code: number): Move {
  const card = cardOf(code);
  const landing = 'picture' in card ? PICTURE_SPACE[card.picture] : colorTarget(from, card.color, card.count);
  const shortcut = 'picture' in card ? null : shortcutFrom(landing);
  const to = shortcut ? shortcut.to : landing;
  return { from, landing, to, shortcut, licorice: isLicorice(to), castle: to === CASTLE };
}
