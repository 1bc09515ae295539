/**
 * When the bot loses the place of a game — the server (it was removed, or the server deleted) or the channel (a
 * channel or thread deleted) — the open games there can never be shown or played again. They are cancelled
 * with the reason kept as who closed them (as an expired lobby is), rated for nobody, their timers cleared and
 * nothing left owed to Discord for them.
 */
import type { Closer } from '../store/index';
import type { ServiceContext } from './context';

export const BOT_REMOVED: Closer = { id: 'bot-removed', name: 'the bot was removed from the server' };
export const CHANNEL_DELETED: Closer = { id: 'channel-deleted', name: 'the channel was deleted' };

export class GonePlaces {
  constructor(
    private readonly ctx: ServiceContext,
    /** Clears a closed game's timers. */
    private readonly disarm: (gameId: string) => void,
  ) {}

  /** Cancels every open game of the server; returns their ids. */
  async closeInGuild(guildId: string): Promise<string[]> {
    const { games } = this.ctx.store;
    const open = [...(await games.listActiveGames()), ...(await games.listLobbies())].filter(
      (game) => game.guildId === guildId,
    );
    return this.closeAll(
      open.map((game) => game.id),
      BOT_REMOVED,
    );
  }

  /** Cancels the open game of each channel (a channel has at most one); returns their ids. */
  async closeInChannels(channelIds: readonly string[]): Promise<string[]> {
    const open: string[] = [];
    for (const channelId of channelIds) {
      const game = await this.ctx.store.games.findOpenGameInChannel(channelId);
      if (game) open.push(game.id);
    }
    return this.closeAll(open, CHANNEL_DELETED);
  }

  private async closeAll(gameIds: readonly string[], by: Closer): Promise<string[]> {
    const now = this.ctx.clock.now();
    const closed: string[] = [];
    for (const gameId of gameIds) {
      if (!(await this.ctx.store.games.closeGone(gameId, by, now))) continue;
      this.disarm(gameId);
      closed.push(gameId);
    }
    return closed;
  }
}
