/** Rebuilding a game from its seed and action log, and comparing the result with the stored state. */
import type { AnyGameModule } from '../games/contract';
import { SFC32_GENERATOR, type GeneratorVersion } from '../games/kit/random';
import { engineOptions } from '../games/options';
import type { ActionLogRow, GameOptions, GameRecord, LoggedAction } from '../store/index';
import type { ReplayResult } from './types';

/** Applies one logged action through the module's rules (a forfeit is the idle policy "skip"). */
export function applyLoggedAction(
  module: AnyGameModule,
  state: unknown,
  action: LoggedAction,
): { state: unknown; events: unknown[] } {
  if (action.type !== 'forfeit') return module.rules.apply(state, action);
  if (!module.rules.forfeit) throw new Error(`${module.title} has no forfeited turns`);
  return module.rules.forfeit(state);
}

/** What a game starts from: its seats, its seed and the options `create` gets. */
export interface GameStart {
  seats: readonly unknown[];
  seed: string;
  /** The generator recorded with the game (absent: 1, games stored before generator 2). */
  generator?: GeneratorVersion;
  options: Pick<GameOptions, 'game' | 'turnLimit'>;
}

/**
 * The state the game started from: the one place a game's `create` is called, by the lobby's start and by
 * every replay (verify, the archive, the fairness check of a log), so a replay starts exactly where the game did.
 */
export function initialState(module: AnyGameModule, game: GameStart): unknown {
  return module.rules.create({
    seats: game.seats.length,
    seed: game.seed,
    options: engineOptions(game.options.game, game.options.turnLimit),
    generator: game.generator ?? SFC32_GENERATOR,
  });
}

export interface ReplayStep {
  row: ActionLogRow;
  events: unknown[];
  state: unknown;
}

/** Replays the log from the seed, calling `onStep` after each action; returns the final state. */
export function replayLog(
  module: AnyGameModule,
  game: GameRecord,
  rows: readonly ActionLogRow[],
  onStep?: (step: ReplayStep) => void,
): unknown {
  let state = initialState(module, game);
  for (const row of rows) {
    const result = applyLoggedAction(module, state, row.action);
    state = result.state;
    onStep?.({ row, events: result.events, state });
  }
  return state;
}

export interface Difference {
  path: string;
  stored: unknown;
  replayed: unknown;
}

/** The first place where two JSON values differ, or null if they are equal. */
export function firstDifference(stored: unknown, replayed: unknown, path = '$'): Difference | null {
  if (Object.is(stored, replayed)) return null;
  const bothObjects = typeof stored === 'object' && typeof replayed === 'object' && stored && replayed;
  if (!bothObjects || Array.isArray(stored) !== Array.isArray(replayed)) return { path, stored, replayed };
  const storedRecord = stored as Record<string, unknown>;
  const replayedRecord = replayed as Record<string, unknown>;
  const keys = new Set([...Object.keys(storedRecord), ...Object.keys(replayedRecord)]);
  for (const key of keys) {
    const difference = firstDifference(storedRecord[key], replayedRecord[key], `${path}.${key}`);
    if (difference) return difference;
  }
  return null;
}

/**
 * The replayed state without the fields the module added to its state after `stored` was written (absent from
 * it): a game stored before them still replays to what it stored.
 */
function withoutLaterFields(module: AnyGameModule, stored: unknown, replayed: unknown): unknown {
  const later = module.laterStateFields;
  if (!later?.length || typeof stored !== 'object' || stored === null) return replayed;
  if (typeof replayed !== 'object' || replayed === null) return replayed;
  const missing = later.filter((field) => !(field in stored));
  if (!missing.length) return replayed;
  const kept: Record<string, unknown> = { ...(replayed as Record<string, unknown>) };
  for (const field of missing) delete kept[field];
  return kept;
}

/** The first difference of a replayed state from a stored one, ignoring the fields added after it was stored. */
export function storedStateDifference(
  module: AnyGameModule,
  stored: unknown,
  replayed: unknown,
): Difference | null {
  return firstDifference(stored, withoutLaterFields(module, stored, replayed));
}

/** The version a game must have: 1 at the start, +1 per logged action, +1 if it was ended or cancelled. */
function expectedVersion(game: GameRecord, actions: number): number {
  const closedByUser = game.endReason === 'ended' || game.endReason === 'cancelled';
  if (game.startedAt === null) return closedByUser ? 1 : 0;
  return 1 + actions + (closedByUser ? 1 : 0);
}

/** Checks the log (sequence 1, 2, 3… without gaps, seats in turn order) and that it replays to the state. */
export function checkReplay(
  module: AnyGameModule,
  game: GameRecord,
  rows: readonly ActionLogRow[],
): ReplayResult {
  const actions = rows.length;
  const mismatch = (reason: string, atSeq: number | null, difference: Difference) =>
    ({ ok: false, actions, atSeq, reason, ...difference }) as const;
  const gap = rows.findIndex((row, index) => row.seq !== index + 1);
  if (gap >= 0) {
    return mismatch('the log sequence has a gap or a duplicate', rows[gap]?.seq ?? null, {
      path: `seq[${gap}]`,
      stored: rows[gap]?.seq,
      replayed: gap + 1,
    });
  }
  const version = expectedVersion(game, actions);
  if (game.version !== version) {
    return mismatch('the version does not match the log', null, {
      path: 'version',
      stored: game.version,
      replayed: version,
    });
  }
  if (game.state === null) {
    return actions === 0
      ? { ok: true, actions }
      : mismatch('a lobby has logged actions', null, { path: '$', stored: null, replayed: actions });
  }
  let replayed = initialState(module, game);
  for (const row of rows) {
    const current = module.rules.currentSeat(replayed);
    if (row.seat !== current) {
      return mismatch('a log row names the wrong seat', row.seq, {
        path: 'seat',
        stored: row.seat,
        replayed: current,
      });
    }
    try {
      replayed = applyLoggedAction(module, replayed, row.action).state;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return mismatch(`the action does not replay: ${message}`, row.seq, {
        path: 'action',
        stored: row.action,
        replayed: null,
      });
    }
  }
  const difference = storedStateDifference(module, game.state, replayed);
  return difference
    ? mismatch('the replayed state differs from the stored state', null, difference)
    : { ok: true, actions };
}
