/** The lobby caps: how many open lobbies one user may host, and one server may have, at once. */
import type { ServiceContext } from './context';
import { refusal } from './errors';

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
    throw refusal('too_many_lobbies', 'refusal.tooManyHosted', { count: open.hosted });
  }
  if (maxLobbiesPerServer !== null && open.inGuild >= maxLobbiesPerServer) {
    throw refusal('too_many_lobbies', 'refusal.tooManyInServer', { count: open.inGuild });
  }
}
