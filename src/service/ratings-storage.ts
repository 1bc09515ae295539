/**
 * Ratings from the games table through the storage interface, on either engine (as ratings.ts does on the
 * SQLite store): rates the finished games not rated yet in finishing order, or all of them again.
 */
import type { GameRegistry } from '../games/registry';
import type { Storage } from '../store/storage';
import { ratedSeats } from './views';

/**
 * Rates every completed game (with `withForfeits`, every forfeit too) that has no ratings yet, each in its own
 * transaction; how many. A forfeit is rated in the transaction that ends it: only a rebuild finds one unrated.
 */
export async function rateUnratedGamesIn(
  storage: Storage,
  games: GameRegistry,
  withForfeits = false,
): Promise<number> {
  let rated = 0;
  for (const gameId of await storage.ratings.unratedGameIds(withForfeits)) {
    const game = await storage.games.getGame(gameId);
    const module = game ? games.get(game.gameKey) : undefined;
    if (!game || !module || game.state === null) continue;
    const seats = ratedSeats(module, game, game.state);
    const done = await storage.ratings.rateGame(
      { gameId, guildId: game.guildId, gameKey: game.gameKey, seats },
      game.finishedAt ?? game.updatedAt,
    );
    if (done) rated += 1;
  }
  return rated;
}

/** Forgets every rating and rates all finished games again, in finishing order; how many it rated. */
export async function rebuildRatingsIn(storage: Storage, games: GameRegistry): Promise<number> {
  await storage.ratings.clear();
  return rateUnratedGamesIn(storage, games, true);
}
