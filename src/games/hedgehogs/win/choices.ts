/**
 * What the expert (the advanced computer) would have done with a turn: the board after its choices (its
 * sidestep or none, then its forward move) from the board the turn began with and the row it rolled. The
 * summary compares the win chance after it with the chance after the turn played; a turn whose rolled row is
 * not known (nothing moved forward) is not judged.
 */
import { seedRng } from '../../kit/random';
import { chooseAction } from '../computer/index';
import { forwardMoves, sidesteps } from '../rules/moves';
import { applyAction } from '../rules/game';
import type { GameState } from '../rules/types';
import type { MovementTurn, Stacks } from './turns';

export interface ExpertTurn {
  after: Stacks;
  winner: number | null;
}

/** The expert's board after `turn`, or null when the turn cannot be judged. */
export function expertTurn(state: GameState, turn: MovementTurn): ExpertTurn | null {
  if (turn.die === null) return null;
  let at: GameState = {
    ...state,
    stacks: turn.before.map((row) => row.map((stack) => [...stack])),
    current: turn.seat,
    die: turn.die,
    winner: null,
    round: turn.round,
    rolls: [],
    // the rest of the game is not played here: no limit, a log of this turn only
    options: { ...state.options, turnLimit: null },
    moveLog: [],
  };
  at.phase = sidesteps(at, turn.seat).length ? 'sidestep' : 'forward';
  if (at.phase === 'forward' && !forwardMoves(at, turn.seat, turn.die).length) return null;
  // the advanced player draws on its stream only when it has no forward move to weigh
  const rng = seedRng('win-story:expert');
  while (at.phase !== 'over' && !at.moveLog!.some((code) => code >= 3000))
    at = applyAction(at, chooseAction(at, 'advanced', rng)).state;
  return { after: at.stacks, winner: at.winner };
}

export function sameBoard(a: Stacks, b: Stacks): boolean {
  return a.every((row, r) =>
    row.every(
      (stack, c) => stack.length === b[r]![c]!.length && stack.every((seat, i) => seat === b[r]![c]![i]),
    ),
  );
}
