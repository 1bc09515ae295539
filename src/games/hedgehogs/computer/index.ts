/**
 * Computer players. novice: a random legal choice at every decision. advanced: plans the sidestep and the
 * forward move together: for each sidestep (or none) it takes the best forward move in the rolled row that
 * the rules then allow, and keeps the pair that leaves the best position (evaluate.ts); placements are chosen
 * the same way.
 */
import type { ComputerPlayers } from '../../contract';
import { nextInt, type RngState } from '../../kit/random';
import { applyAction, legalActions } from '../rules/game';
import { forwardMoves } from '../rules/moves';
import type { Action, GameState } from '../rules/types';
import { evaluate } from './evaluate';

export const COMPUTER_LEVELS = ['novice', 'advanced'] as const;

/**
 * The choices the computer weighs: the legal actions without the sidestep phase's one-click forward moves
 * (the same as declining, then moving), so that its choices stay those of the games played before them.
 */
function choices(state: GameState): Action[] {
  const actions = legalActions(state);
  return state.phase === 'sidestep' ? actions.filter((action) => action.type !== 'forward') : actions;
}

function randomChoice(state: GameState, rng: RngState): Action {
  const actions = choices(state);
  return actions[nextInt(rng, actions.length)]!;
}

/** The position after `action` without the turns that follow it (apply would roll for the next seat). */
function afterMove(state: GameState, action: Action): GameState {
  return applyAction(state, action).state;
}

function bestForward(state: GameState, seat: number): { value: number; action: Action | null } {
  const moves = forwardMoves(state, seat, state.die!);
  if (!moves.length) return { value: evaluate(state, seat), action: null };
  let best = { value: -Infinity, action: moves[0]! as Action | null };
  for (const move of moves) {
    const value = evaluate(afterMove(state, move), seat);
    if (value > best.value) best = { value, action: move };
  }
  return best;
}

/** The state after a sidestep but before the forward move (the rules would go on to the forward phase). */
function sidestepOnly(state: GameState, action: Action): GameState {
  if (action.type !== 'sidestep') return { ...state, phase: 'forward' };
  const stacks = state.stacks.map((row) => row.map((stack) => [...stack]));
  const seat = stacks[action.row - 1]![action.col]!.pop()!;
  stacks[action.to - 1]![action.col]!.push(seat);
  return { ...state, stacks, phase: 'forward' };
}

function advancedChoice(state: GameState, rng: RngState): Action {
  const seat = state.current;
  const actions = choices(state);
  if (state.phase === 'forward') return bestForward(state, seat).action ?? randomChoice(state, rng);
  let best: { value: number; action: Action } = { value: -Infinity, action: actions[0]! };
  for (const action of actions) {
    const value =
      state.phase === 'sidestep'
        ? bestForward(sidestepOnly(state, action), seat).value
        : evaluate(afterMove(state, action), seat);
    if (value > best.value) best = { value, action };
  }
  return best.action;
}

export function chooseAction(state: GameState, level: string, rng: RngState): Action {
  return level === 'novice' ? randomChoice(state, rng) : advancedChoice(state, rng);
}

export const hedgehogsComputer: ComputerPlayers<GameState, Action> = {
  levels: COMPUTER_LEVELS,
  defaultLevel: 'advanced',
  choose: chooseAction,
};
