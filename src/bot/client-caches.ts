import { Options, type ClientOptions, type GuildMember, type User } from 'discord.js';

/** How often the people the bot has met are dropped from its caches (seconds, as discord.js counts). */
export const PEOPLE_SWEEP_SECONDS = 30 * 60;

/**
 * The client's caches. No message cache: the bot reads what it needs from each event, and discord.js then
 * neither keeps up to 200 messages a channel nor copies a cached board on every edit (the raw gateway event
 * tells deletions: publishing/buried-board.ts). Every user and server member who ever clicked would otherwise
 * stay in memory for the life of the process; each interaction brings its own copy, so they are swept every
 * half hour. The bot's own user and member stay: permission checks (`permissionsFor`) read them.
 */
export function clientCacheOptions(): Pick<ClientOptions, 'makeCache' | 'sweepers'> {
  const notTheBot = () => (person: User | GuildMember) => person.id !== person.client.user?.id;
  return {
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      users: { interval: PEOPLE_SWEEP_SECONDS, filter: notTheBot },
      guildMembers: { interval: PEOPLE_SWEEP_SECONDS, filter: notTheBot },
    },
  };
}
