/**
 * The game replayed action by action from its action log (rules/action-log.ts): the state before and after
 * every action, with the events it caused (the hare cards drawn, the hare die's rolls). For the summary's luck.
 */
import { copyRng } from '../../kit/random';
import { actionOf } from '../rules/action-log';
import { createDeck } from '../rules/hare-cards';
import {
  applyAction,
  createGame,
  forfeitTurn,
  type Action,
  type GameEvent,
  type GameState,
} from '../rules/index';

export interface ReplayStep {
  seat: number;
  /** null: a forfeited turn. */
  action: Action | null;
  before: GameState;
  after: GameState;
  events: GameEvent[];
}

/** The game as it began; null for a game stored before the action log was kept. */
export function startOf(state: GameState): GameState | null {
  const log = state.actionLog;
  if (!log) return null;
  const start = createGame({
    rules: state.rules,
    seats: state.seats.length,
    seed: 'replay',
    ...(state.turnLimit !== null ? { turnLimit: state.turnLimit } : {}),
  });
  const { actionLog: _fresh, ...bare } = start;
  const begun: GameState = { ...bare, rng: copyRng(log.startRng) };
  if (begun.rules === 'standard') begun.deck = createDeck(begun);
  return begun;
}

export function replayActions(state: GameState): ReplayStep[] | null {
  const start = startOf(state);
  if (!start) return null;
  const steps: ReplayStep[] = [];
  let before = start;
  for (const code of state.actionLog!.actions) {
    const action = actionOf(code);
    const seat = before.current;
    const { state: after, events } = action ? applyAction(before, action) : forfeitTurn(before);
    steps.push({ seat, action, before, after, events });
    before = after;
  }
  return steps;
}
