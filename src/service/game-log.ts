/**
 * A finished game's log as a JSON file players can download and check with `npm run verify` (docs/fairness.md):
 * its commitment and seeds, its options and seats, the start state, every action with the events it caused
 * (the rolls, cards and shuffles) and the final state.
 */
import type {
  ActionLogRow,
  EndReason,
  GameFairness,
  GameRecord,
  IdlePolicy,
  LoggedAction,
} from '../store/index';
import type { AnyGameModule } from '../games/contract';
import { SFC32_GENERATOR, type GeneratorVersion } from '../games/kit/random';
import { initialState, replayLog } from './replay';

export const GAME_LOG_FORMAT = 'hare-game-log';
/** 2: the generator, the seats' values, the computers' levels and how the game ended (1: logs of before). */
export const GAME_LOG_VERSION = 2;

export interface GameLogAction {
  seq: number;
  seat: number;
  /** A user id, 'computer', 'timeout' or 'auto'. */
  actor: string;
  action: LoggedAction;
  /** What the action caused, as the engine reported it: rolls, cards, moves… */
  events: unknown[];
}

/** A seat as the check needs it: who plays it, and the value its person gave for the seed. */
export interface GameLogSeat {
  kind: 'human' | 'computer';
  /** The computer level playing the seat (from the start, or since its person left), else null. */
  level: string | null;
  /** Its person left the running game (a computer plays the seat since). */
  left: boolean;
  clientSeed: string | null;
}

/** The commitment, the revealed server seed and what the seed was derived from. */
export interface GameLogFairness extends GameFairness {
  /** Generator 2 games: the nonce (the game's id) and each seated person's value, in seat order. */
  nonce?: string;
  clientSeeds?: string[];
}

export interface GameLog {
  format: typeof GAME_LOG_FORMAT;
  version: 1 | 2;
  /** The game's key (hare, greed, candyland, hedgehogs). */
  game: string;
  id: string;
  /** The seats' count decides the game; names are for reading. */
  seats: string[];
  /** The game's own options by engine name, with the turn limit (what the rules' create takes). */
  options: Record<string, string | number>;
  turnLimit: number | null;
  /** The generator of the dice and cards (version 1 logs: 1). */
  generator?: GeneratorVersion;
  /** Who played each seat (version 2). */
  seatDetails?: GameLogSeat[];
  /** The level of the computer that plays an idle person's turn, and the idle policy (version 2). */
  computerLevel?: string;
  idlePolicy?: IdlePolicy;
  /** 'completed' (played to its end) or 'ended' (stopped with /end) (version 2). */
  endReason?: EndReason | null;
  /** Null when the game made no commitment. */
  fairness: GameLogFairness | null;
  seed: string;
  initialState: unknown;
  actions: GameLogAction[];
  finalState: unknown;
}

function logFairness(game: GameRecord): GameLogFairness | null {
  const fairness = game.fairness ?? null;
  if (!fairness || (game.generator ?? SFC32_GENERATOR) === SFC32_GENERATOR) return fairness;
  const clientSeeds = game.seats.flatMap((seat) => (seat.clientSeed ? [seat.clientSeed] : []));
  return { ...fairness, nonce: game.id, clientSeeds };
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
    generator: game.generator ?? SFC32_GENERATOR,
    seatDetails: game.seats.map((seat) => ({
      kind: seat.kind,
      level: seat.level,
      left: seat.left,
      clientSeed: seat.clientSeed ?? null,
    })),
    computerLevel: game.options.computerLevel,
    idlePolicy: game.options.idlePolicy,
    endReason: game.endReason,
    fairness: logFairness(game),
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
