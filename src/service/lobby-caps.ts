/** The lobby caps: how many open lobbies one user may host, and one server may have, at once. */
import type { ServiceContext } from './context';
import { ServiceError } from './errors';

/** Refuses a new lobby of `hostId` in `guildId` when it would pass a configured cap; nothing is changed. */
export async function requireRoomForLobby(
  ctx: ServiceContext,
  guildId: string,
  hostId: string,
): Promise<void> {
  const { maxLobbiesPerUser, maxLobbiesPerServer } = ctx.config;
  if (maxLobbiesPerUser === null && maxLobbiesPerServer === null) return;
  const open = await ctx.store.games.countLobbies(guildId, hostId);
  if (maxLobbiesPerUser !== null && open.hosted >= maxLobbiesPerUser) {
    throw new ServiceError(
      'too_many_lobbies',
      `you already host ${lobbies(open.hosted)}, the most one player may: start or cancel one of them first`,
    );
  }
  if (maxLobbiesPerServer !== null && open.inGuild >= maxLobbiesPerServer) {
    throw new ServiceError(
      'too_many_lobbies',
      `this server already has ${lobbies(open.inGuild)}, the most it may have at once: join one of them, or try again once one has started or closed`,
    );
  }
}

function lobbies(count: number): string {
  return count === 1 ? '1 open lobby' : `${count} open lobbies`;
}
