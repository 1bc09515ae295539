import { createGame } from '../../../src/games/hedgehogs/rules/index';
import type { GameState, Phase } from '../../../src/games/hedgehogs/rules/types';

/** A movement-phase state with the given hedgehogs: [row, col, seat bottom…top]. */
export function position(
  seats: number,
  hedgehogs: readonly [number, number, number[]][],
  turn: { seat: number; die: number; phase: Phase },
): GameState {
  const state = createGame({ seats, seed: 'position' });
  for (const [row, col, stack] of hedgehogs) state.stacks[row - 1]![col] = [...stack];
  return {
    ...state,
    placed: seats * 4,
    current: turn.seat,
    die: turn.die,
    phase: turn.phase,
    progress: [[]],
  };
}
