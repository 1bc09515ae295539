/**
 * The fake Discord of bench:scale: `guilds` servers spread evenly over the shards, enough text channels in each
 * for one game per channel, one player (Alice) in all of them, and the slash commands deployed once. It keeps
 * Discord's global limit and its per-route buckets (5 message writes per 5 s a channel, 5 requests per 2 s an
 * interaction token).
 */
import { commands } from '../../commands/index';
import { deployCommands } from '../../src/bot/deploy';
import { DISCORD_ROUTE_LIMITS, FakeDiscord, type FakeUser } from '../../src/fakediscord/index';

type FakeChannel = ReturnType<FakeDiscord['addTextChannel']>;

export const TOKEN = 'bench-scale-token';

export interface Table {
  guildId: string;
  shard: number;
  channel: FakeChannel;
}

export interface World {
  fake: FakeDiscord;
  alice: FakeUser;
  /** One per game, game i at tables[i]. */
  tables: Table[];
}

/** A guild id on shard `index % shardCount` (`(id >> 22) % count`, as Discord routes a guild). */
export const guildId = (index: number) => ((1_700_000_000_000n + BigInt(index)) << 22n).toString();

export async function openWorld(guilds: number, games: number, shardCount: number): Promise<World> {
  // Discord's per-route buckets as well as its global limit: what the fake refuses, Discord would.
  const fake = new FakeDiscord({
    token: TOKEN,
    identifyMaxConcurrency: shardCount,
    routeLimits: DISCORD_ROUTE_LIMITS,
  });
  const perGuild = Math.max(1, Math.ceil(games / guilds));
  const channels: Table[][] = [];
  for (let g = 0; g < guilds; g++) {
    const id = guildId(g);
    const names = Array.from({ length: perGuild }, (_, c) => `table-${c}`);
    const setup = fake.addGuild({ id, name: `Bench ${g}`, channels: names });
    channels.push(setup.channels.map((channel) => ({ guildId: id, shard: g % shardCount, channel })));
  }
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  await fake.start();
  // Commands once, for the whole application (as `npm run deploy-commands` does without a guild).
  await deployCommands({ commands, token: TOKEN, clientId: fake.applicationId, api: fake.apiUrl });
  // Game i in guild i % guilds: the games fill the first channel of every guild, then the second, …
  const tables = Array.from({ length: games }, (_, i) => channels[i % guilds]![Math.floor(i / guilds)]!);
  return { fake, alice, tables };
}
