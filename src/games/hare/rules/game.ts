import { IllegalActionError } from './errors';
import { actionCode, FORFEIT, logAction } from './action-log';
import { performAction } from './actions';
import { cloneState } from './clone-state';
import { actionVerdict } from './legality';
import { finishTurn } from './turn-flow';
import type { Action, GameEvent, GameState } from './types';

export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const verdict = actionVerdict(state, action);
  if (!verdict.legal) throw new IllegalActionError(verdict.code, verdict.reason);
  const next = cloneState(state);
  logAction(next, actionCode(action));
  const events: GameEvent[] = [];
  const playAgain = performAction(next, action, events);
  if (next.pending === null) finishTurn(next, playAgain, events);
  return { state: next, events };
}

/**
 * The seat to act loses this turn without acting (e.g. a human who was idle too long): a pending decision is
 * dropped and the turn passes as after a normal action, including the next seat's automatic steps.
 */
export function forfeitTurn(state: GameState): { state: GameState; events: GameEvent[] } {
  if (state.over) throw new IllegalActionError('game_over', 'the game is over');
  const next = cloneState(state);
  logAction(next, FORFEIT);
  next.pending = null;
  const events: GameEvent[] = [{ type: 'forfeit', seat: next.current }];
  finishTurn(next, false, events);
  return { state: next, events };
}
