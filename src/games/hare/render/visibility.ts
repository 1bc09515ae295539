import type { GameState } from '../rules/index';
import type { BoardRenderOptions } from './types';

/** What the viewer of a board image may see. */
export interface Visibility {
  carrotsVisible: (seatIndex: number) => boolean;
}

export function visibility(state: GameState, options: BoardRenderOptions): Visibility {
  const hidden = options.hideCarrots ?? (state.rules === 'standard' && !state.over);
  const viewer = options.viewerSeat ?? null;
  return { carrotsVisible: (seatIndex) => !hidden || seatIndex === viewer };
}
