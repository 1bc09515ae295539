/**
 * Ratings from the games table: rates the finished games not rated yet (those of an older database, or any a
 * crash left), in the order they finished, and rebuilds every rating from scratch on request.
 */
import type { GameRegistry } from '../games/registry';
import type { Store } from '../store/index';
import { ratedSeats } from './views';

/** Rates every finished, completed game that has no ratings yet; returns how many it rated. */
export function rateUnratedGames(store: Store, games: GameRegistry): number {
  let rated = 0;
  for (const gameId of store.ratings.unratedGameIds()) {
    const game = store.games.getGame(gameId);
    const module = game ? games.get(game.gameKey) : undefined;
    if (!game || !module || game.state === null) continue;
    const seats = ratedSeats(module, game, game.state);
    const rateOne = store.db.transaction(() =>
      store.ratings.recordGame(
        { gameId, guildId: game.guildId, gameKey: game.gameKey, seats },
        game.finishedAt ?? game.updatedAt,
      ),
    );
    if (rateOne()) rated += 1;
  }
  return rated;
}

/** Forgets every rating and rates all finished games again, in finishing order; returns how many it rated. */
export function rebuildRatings(store: Store, games: GameRegistry): number {
  store.db.transaction(() => store.ratings.clear())();
  return rateUnratedGames(store, games);
}
