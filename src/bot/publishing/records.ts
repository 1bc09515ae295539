/**
 * Everything the board publisher reads from or writes to the database, in one place: the publisher's parts
 * reach the store only through this adapter (so a store with another interface changes only this file).
 */
import type { AnyGameModule } from '../../games/contract';
import type { GameInfo, InteractionTokens, Outbox, PublicUpdate, ServiceGate } from '../../service/index';
import { closedLobbyText } from '../lobby-expiry-notes';

export interface PublishingRecords {
  game(gameId: string): Promise<GameInfo | null>;
  /** The game's latest state as an update (what a redraw shows). */
  currentUpdate(gameId: string): Promise<PublicUpdate | null>;
  /** The log lines of the game's latest `count` history entries, oldest first. */
  recentLines(gameId: string, count: number): Promise<string[]>;
  module(gameKey: string): AnyGameModule;
  /** What a closed lobby's message says. */
  closedLobbyText(game: GameInfo): string;
  /** The outbox of the game's messages (posts and deletes not yet confirmed by Discord). */
  readonly outbox: Outbox;
  /** The games' live interaction tokens (their messages change through them: token-routes.ts). */
  readonly tokens?: InteractionTokens;
}

export function serviceRecords(service: ServiceGate): PublishingRecords {
  return {
    game: (gameId) => service.getGame(gameId),
    currentUpdate: (gameId) => service.currentUpdate(gameId),
    recentLines: async (gameId, count) =>
      (await service.history(gameId, count)).flatMap((entry) => entry.lines),
    module: (gameKey) => service.games.require(gameKey),
    closedLobbyText: (game) => closedLobbyText(service, game),
    outbox: service.outbox,
    tokens: service.tokens,
  };
}

/** The log lines a board shows from before its first update since a restart (none if they cannot be read). */
export async function earlierLines(
  records: PublishingRecords,
  gameId: string,
  count: number,
  arriving: number,
): Promise<string[]> {
  try {
    const lines = await records.recentLines(gameId, count);
    return lines.slice(0, Math.max(0, lines.length - arriving));
  } catch {
    return [];
  }
}
