/**
 * The bot leaves cleanly: when it is removed from a server (GUILD_DELETE without `unavailable`; an outage is
 * GuildUnavailable and changes nothing) or a channel or thread with a game is deleted, the games there are
 * cancelled with that reason, their timers cleared and their boards forgotten, so nothing keeps posting to a
 * place that is gone.
 */
import { Events, type Client, type Channel, type ThreadChannel } from 'discord.js';
import type { Logger } from '../logger';
import type { ServiceGate } from '../service/index';

export interface GoneGames {
  /** Stops drawing these games (their channel is gone). */
  forget(gameIds: readonly string[]): void;
}

/** Listens for lost servers, channels and threads; returns the function that stops listening. */
export function attachGonePlaces(
  client: Client,
  service: ServiceGate,
  boards: GoneGames,
  logger: Logger,
): () => void {
  const closed = (gameIds: string[], where: string) => {
    if (gameIds.length === 0) return;
    boards.forget(gameIds);
    logger.info(`${where}: cancelled ${gameIds.length} open game(s)`, undefined, {
      gameIds: gameIds.join(','),
    });
  };
  const onGuildDelete = async (guild: { id: string }) =>
    closed(await service.closeGamesInGuild(guild.id), `removed from server ${guild.id}`);
  const onChannelDelete = async (channel: Channel) => {
    // A deleted channel takes its threads with it; Discord sends no THREAD_DELETE for them.
    const threads = 'threads' in channel && channel.threads ? [...channel.threads.cache.keys()] : [];
    closed(await service.closeGamesInChannels([channel.id, ...threads]), `channel ${channel.id} deleted`);
  };
  const onThreadDelete = async (thread: ThreadChannel) =>
    closed(await service.closeGamesInChannels([thread.id]), `thread ${thread.id} deleted`);
  /** A listener whose failure (the database unreachable) is logged, not left unhandled. */
  const logged =
    <T>(listener: (value: T) => Promise<void>) =>
    (value: T): void =>
      void listener(value).catch((error: unknown) =>
        logger.error('could not cancel the games of a lost place', error),
      );
  const listeners = {
    [Events.GuildDelete]: logged(onGuildDelete),
    [Events.ChannelDelete]: logged(onChannelDelete),
    [Events.ThreadDelete]: logged(onThreadDelete),
  } as const;
  client.on(Events.GuildDelete, listeners[Events.GuildDelete]);
  client.on(Events.ChannelDelete, listeners[Events.ChannelDelete]);
  client.on(Events.ThreadDelete, listeners[Events.ThreadDelete]);
  return () => {
    client.off(Events.GuildDelete, listeners[Events.GuildDelete]);
    client.off(Events.ChannelDelete, listeners[Events.ChannelDelete]);
    client.off(Events.ThreadDelete, listeners[Events.ThreadDelete]);
  };
}
