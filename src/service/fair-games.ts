/** The fairness of stored games: a finished game's downloadable log, and its check (`/<game> verify`). */
import { moduleOf, requireGame, type ServiceContext } from './context';
import { refusal } from './errors';
import type { Language } from '../i18n/index';
import { checkGameLog, type FairnessCheck } from './fair-check';
import type { ComputerChoice } from './fair-replay';
import { buildGameLog, type GameLog } from './game-log';

/** The log of a finished game; refused while the game runs (its server seed stays secret until the end). */
export async function finishedGameLog(ctx: ServiceContext, gameId: string): Promise<GameLog> {
  const game = await requireGame(ctx, gameId);
  if (game.status !== 'finished') {
    throw refusal('not_finished', 'refusal.checkNotOver');
  }
  if (game.logPrunedAt !== null) {
    throw refusal('log_removed', 'refusal.logRemoved');
  }
  return buildGameLog(moduleOf(ctx, game), game, await ctx.store.games.listActions(gameId));
}

/**
 * Checks a finished game as stored: its commitment, its seed, its log replayed to its stored final state and
 * its computers' choices made again (by `choose`, a worker pool, when given). An old game is checked as far as it
 * can be, and the check says what that does not prove.
 */
export async function checkFinishedGame(
  ctx: ServiceContext,
  gameId: string,
  language?: Language,
  choose?: ComputerChoice,
): Promise<FairnessCheck> {
  const log = await finishedGameLog(ctx, gameId);
  return checkGameLog(moduleOf(ctx, await requireGame(ctx, gameId)), log, {
    legacy: true,
    ...(language ? { language } : {}),
    ...(choose ? { choose } : {}),
  });
}
