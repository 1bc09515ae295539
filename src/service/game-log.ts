/**
 * A finished game's log as a JSON file players can download and check with `npm run verify` (docs/fairness.md):
 * its commitment and seeds, its options and seats, the start state, every action with the events it caused
 * (the rolls, cards and shuffles) and the final state.
 */
import type { ActionLogRow, GameFairness, GameRecord, LoggedAction } from '../store/index';
import type { AnyGameModule } from '../games/contract';
import { initialState, replayLog } from './replay';

export const GAME_LOG_FORMAT = 'hare-game-log';
export const GAME_LOG_VERSION = 1;

export interface GameLogAction {
  seq: number;
  seat: number;
  /** A user id, 'computer', 'timeout' or 'auto'. */
  actor: string;
  action: LoggedAction;
  /** What the action caused, as the engine reported it: rolls, cards, moves… */
  events: unknown[];
}

export interface GameLog {
  format: typeof GAME_LOG_FORMAT;
  version: typeof GAME_LOG_VERSION;
  /** The game's key (hare, greed, candyland, hedgehogs). */
  game: string;
  id: string;
  /** The seats' count decides the game; names are for reading. */
  seats: string[];
  /** The game's own options by engine name, with the turn limit (what the rules' create takes). */
  options: Record<string, string | number>;
  turnLimit: number | null;
  /** The commitment, the revealed server seed and the players' value; null when the game made none. */
  fairness: GameFairness | null;
  seed: string;
  initialState: unknown;
  actions: GameLogAction[];
  finalState: unknown;
}

/** The log of a game from its stored record and action rows, the events recomputed by the rules. */
export function buildGameLog(
  module: AnyGameModule,
  game: GameRecord,
  rows: readonly ActionLogRow[],
): GameLog {
  const actions: GameLogAction[] = [];
  replayLog(module, game, rows, ({ row, events }) =>
    actions.push({ seq: row.seq, seat: row.seat, actor: row.actor, action: row.action, events }),
  );
  return {
    format: GAME_LOG_FORMAT,
    version: GAME_LOG_VERSION,
    game: module.key,
    id: game.id,
    seats: game.seats.map((seat) => seat.name),
    options: game.options.game,
    turnLimit: game.options.turnLimit,
    fairness: game.fairness ?? null,
    seed: game.seed,
    initialState: initialState(module, game),
    actions,
    finalState: game.state,
  };
}

/** The file name of a game's log. */
export function gameLogFileName(game: { gameKey: string; id: string }): string {
  return `${game.gameKey}-${game.id}-log.json`;
}
