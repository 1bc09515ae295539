/**
 * The action log: the random stream as the game began and every action, as small whole numbers, so that the
 * summary can replay the game card by card from the final state (win/replay.ts):
 *   0–64  a move to that square;   100  eat a lettuce;   101 / 102  take / pay 10 carrots;   103  skip;
 *   104   a forfeited turn (an idle human's).
 */
import type { Action, GameState } from './types';

export const FORFEIT = 104;

export function actionCode(action: Action): number {
  switch (action.type) {
    case 'move':
      return action.to;
    case 'eat':
      return 100;
    case 'carrots':
      return action.amount === 10 ? 101 : 102;
    case 'skip':
      return 103;
  }
}

/** The action a code stands for; null for a forfeited turn. */
export function actionOf(code: number): Action | null {
  if (code < 100) return { type: 'move', to: code };
  if (code === 100) return { type: 'eat' };
  if (code === 101) return { type: 'carrots', amount: 10 };
  if (code === 102) return { type: 'carrots', amount: -10 };
  if (code === 103) return { type: 'skip' };
  return null;
}

/** Adds a code to `next`'s log (a new array: states share their logs). */
export function logAction(next: GameState, code: number): void {
  if (next.actionLog)
    next.actionLog = { startRng: next.actionLog.startRng, actions: [...next.actionLog.actions, code] };
}
