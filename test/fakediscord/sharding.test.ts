import { Client, Events, GatewayCloseCodes, GatewayIntentBits, REST, Routes, type Guild } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FakeDiscord, type FakeDiscordOptions, type GuildSetup } from '../../src/fakediscord/index';
import { shardOf } from '../../src/fakediscord/sharding';
import { onInteraction, until } from './helpers';

/** A guild id that shard `shard` of `count` holds: `(id >> 22) % count === shard`. */
function guildIdFor(shard: number, count: number, index: number): string {
  return ((1_700_000_000_000n + BigInt(index * count + shard)) << 22n).toString();
}

const clients: Client[] = [];
let fake: FakeDiscord | undefined;

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  await fake?.stop();
  fake = undefined;
});

async function startFake(options: FakeDiscordOptions, guildIds: string[]): Promise<GuildSetup[]> {
  fake = new FakeDiscord(options);
  const setups = guildIds.map((id, i) => fake!.addGuild({ id, name: `Guild ${i}` }));
  await fake.start();
  return setups;
}

async function login(shards: number[] | 'auto', shardCount?: number): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: fake!.restOptions(),
    shards,
    ...(shardCount === undefined ? {} : { shardCount }),
  });
  clients.push(client);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('fake-token');
  await ready;
  return client;
}

/** The close code the fake gives a raw IDENTIFY with these fields. */
async function closeCodeFor(identify: Record<string, unknown>): Promise<number> {
  const socket = new WebSocket(
    `${fake!
      .restOptions()
      .api.replace(/^http/, 'ws')
      .replace(/\/api$/, '')}/gateway`,
  );
  socket.on('open', () =>
    socket.send(
      JSON.stringify({ op: 2, d: { token: 'fake-token', intents: 1, properties: {}, ...identify } }),
    ),
  );
  return new Promise((resolve) => socket.on('close', (code) => resolve(code)));
}

describe('FakeDiscord sharding', () => {
  it('sends each guild, its events and its interactions only to the shard that holds it', async () => {
    const ids = [0, 1, 2].flatMap((i) => [guildIdFor(0, 2, i), guildIdFor(1, 2, i)]);
    const setups = await startFake({}, ids);
    const [first, second] = [await login([0], 2), await login([1], 2)];
    const held = (client: Client) => [...client.guilds.cache.keys()].sort();
    expect(held(first)).toEqual(ids.filter((id) => shardOf(id, 2) === 0).sort());
    expect(held(second)).toEqual(ids.filter((id) => shardOf(id, 2) === 1).sort());
    expect(fake!.connectedShards.sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    const answeredBy: string[] = [];
    for (const [name, client] of [
      ['first', first],
      ['second', second],
    ] as const) {
      onInteraction(client, async (interaction) => {
        answeredBy.push(name);
        if (interaction.isChatInputCommand()) await interaction.reply(name);
      });
    }
    const alice = fake!.addUser({ username: 'alice' });
    for (const setup of setups) fake!.addMember(setup.guild.id, alice.id);
    for (const setup of setups) {
      const outcome = await fake!.waitForResponse(
        fake!.slashCommand({ user: alice, channel: setup.channel, name: 'ping' }),
      );
      expect(outcome.interaction.deliveredTo).toBe(1);
      expect(outcome.message?.content).toBe(shardOf(setup.guild.id, 2) === 0 ? 'first' : 'second');
    }
    expect(answeredBy).toHaveLength(setups.length);

    // A channel created in a guild of shard 1 reaches only the second client.
    const late = setups.find((setup) => shardOf(setup.guild.id, 2) === 1)!;
    const channel = fake!.addTextChannel(late.guild.id, 'late');
    await until(() => second.channels.cache.has(channel.id));
    expect(first.channels.cache.has(channel.id)).toBe(false);
  });

  it('recommends shards by guild count on /gateway/bot, which shards: "auto" follows', async () => {
    await startFake(
      { guildsPerRecommendedShard: 2, identifyMaxConcurrency: 2 },
      [0, 1, 2].map((i) => guildIdFor(i % 3, 3, i)),
    );
    const rest = new REST(fake!.restOptions()).setToken('fake-token');
    const recommendation = (await rest.get(Routes.gatewayBot())) as { shards: number };
    expect(recommendation.shards).toBe(2);
    const client = await login('auto');
    expect(client.options.shardCount).toBe(2);
    expect(fake!.connectedShards.map(([, count]) => count)).toEqual([2, 2]);
    expect(client.guilds.cache.size).toBe(3);
  });

  it('closes an unsharded connection with 4011 once it would hold too many guilds, and a bad shard with 4010', async () => {
    await startFake(
      { maxGuildsPerSession: 2, identifyMaxConcurrency: 2 },
      [0, 1, 2].map((i) => guildIdFor(i % 2, 2, i)),
    );
    expect(await closeCodeFor({})).toBe(GatewayCloseCodes.ShardingRequired);
    expect(await closeCodeFor({ shard: [0, 1] })).toBe(GatewayCloseCodes.ShardingRequired);
    expect(await closeCodeFor({ shard: [2, 2] })).toBe(GatewayCloseCodes.InvalidShard);
    const sharded = await login([0, 1], 2);
    expect(sharded.guilds.cache.size).toBe(3);
  });

  it('holds all connections of one bot to one global budget of requests per second', async () => {
    const [setup] = await startFake({ globalRequestsPerSecond: 20 }, [
      guildIdFor(0, 2, 0),
      guildIdFor(1, 2, 0),
    ]);
    const [first, second] = [await login([0], 2), await login([1], 2)];
    const started = fake!.requests.length;
    const reads = [first, second].flatMap((client) =>
      Array.from({ length: 25 }, () => client.rest.get(Routes.channel(setup!.channel.id))),
    );
    await Promise.all(reads);
    const answers = fake!.requests.slice(started);
    const refused = answers.filter((entry) => entry.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((entry) => entry.status === 200)).toHaveLength(50);
    expect(fake!.peakRequestsPerSecond).toBeLessThanOrEqual(20);
  });

  it('tells the bot it left a guild (GUILD_DELETE) apart from an outage (unavailable), and refuses it access', async () => {
    const [kept, left] = await startFake({}, [guildIdFor(0, 1, 0), guildIdFor(0, 1, 1)]);
    const client = await login([0], 1);
    const deleted: Guild[] = [];
    const unavailable: Guild[] = [];
    client.on(Events.GuildDelete, (guild) => deleted.push(guild));
    client.on(Events.GuildUnavailable, (guild) => unavailable.push(guild));
    fake!.markGuildUnavailable(kept!.guild.id);
    fake!.removeBotFromGuild(left!.guild.id);
    await until(() => deleted.length === 1 && unavailable.length === 1);
    expect(deleted[0]!.id).toBe(left!.guild.id);
    expect(unavailable[0]!.id).toBe(kept!.guild.id);
    await expect(client.rest.get(Routes.channel(left!.channel.id))).rejects.toMatchObject({ code: 50001 });
  });
});
