import { HIDDEN_CARROTS, type GameState } from '../rules/index';
import type { BoardRenderOptions } from './types';

/** What the viewer of a board image may see. */
export interface Visibility {
  carrotsVisible: (seatIndex: number) => boolean;
}

/**
 * A count the state's view hides (GameRules.observe) is never drawn; the others by the options: by default only
 * the viewer's own under the standard rules until the end.
 */
export function visibility(state: GameState, options: BoardRenderOptions): Visibility {
  const hidden = options.hideCarrots ?? (state.rules === 'standard' && !state.over);
  const viewer = options.viewerSeat ?? null;
  const inView = (seatIndex: number) => state.seats[seatIndex]?.carrots !== HIDDEN_CARROTS;
  return { carrotsVisible: (seatIndex) => inView(seatIndex) && (!hidden || seatIndex === viewer) };
}
