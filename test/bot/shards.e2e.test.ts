/**
 * Two bot processes (each its own service, publisher and discord.js client) share one SQLite file (WAL) and one
 * fake Discord, one shard each of two. Every game is driven by the process holding its shard's lease: one board
 * message and one summary per game, each computer move applied once, by that process only. Then one process is
 * killed (its timers and gateway stop, its leases are not released, as on SIGKILL) and a replacement starts for
 * its shard, as a process manager would: it connects at once but drives nothing until the dead process's lease
 * has run out; then the dead shard's games move again, within the lease plus 10 s, and nothing is duplicated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandsFor } from '../../commands/index';
import { createBot, type Bot } from '../../src/bot/bot';
import { deployCommands } from '../../src/bot/deploy';
import { FakeDiscord } from '../../src/fakediscord/index';
import { createRegistry } from '../../src/games/registry';
import { silentLogger } from '../../src/logger';
import type { Clock, TimerHandle } from '../../src/service/clock';
import { GameService, type GameUpdate } from '../../src/service/index';
import { ShardOwnership } from '../../src/shard-process';
import { createInlineRenderer } from '../../src/workers/render-pool';
import { tinyModule } from '../support/tiny-game';
import { allComponents, waitUntil } from './harness';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import type { Storage } from '../../src/store/storage';

/** Whether `check` holds for every id (asked one after the other). */
async function every(ids: readonly string[], check: (id: string) => Promise<boolean>): Promise<boolean> {
  for (const id of ids) if (!(await check(id))) return false;
  return true;
}

async function some(ids: readonly string[], check: (id: string) => Promise<boolean>): Promise<boolean> {
  return !(await every(ids, async (id) => !(await check(id))));
}

async function versionsOf(ids: readonly string[], version: (id: string) => Promise<number>) {
  const versions = new Map<string, number>();
  for (const id of ids) versions.set(id, await version(id));
  return versions;
}

const SHARD_COUNT = 2;
const LEASE_MS = 2000;
const GAMES_PER_SHARD = 3;
const AI_DELAY_MS = 150;
const games = createRegistry([tinyModule]);

/** The real clock until the process is killed: then its timers never fire again, as in a dead process. */
class KillableClock implements Clock {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  dead = false;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    if (this.dead) return {};
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.dead) fn();
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
    this.timers.delete(handle as ReturnType<typeof setTimeout>);
  }

  kill(): void {
    this.dead = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

interface Process {
  name: string;
  clock: KillableClock;
  store: Storage;
  service: GameService;
  bot: Bot;
  ownership: ShardOwnership;
  /** Every game update this process made, with when. */
  updates: { update: GameUpdate; at: number }[];
  /** The REST paths this process's client called, with when they were answered. */
  requests: { path: string; at: number }[];
  /** The requests this process's client sent and had answered, with when it made them (before the budget). */
  made: { url: string; at: number }[];
}

/** A guild id of shard `shard` of SHARD_COUNT. */
const guildOfShard = (shard: number, index: number) =>
  ((1_700_000_000_000n + BigInt(index * SHARD_COUNT + shard)) << 22n).toString();

describe('two processes of a sharded bot on one database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** The fake Discord with GAMES_PER_SHARD guilds on each shard, and an empty database file. */
  async function startWorld() {
    const fake = new FakeDiscord({ identifyMaxConcurrency: SHARD_COUNT });
    const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
    const channels = new Map<string, { guildId: string; shard: number }>();
    for (let shard = 0; shard < SHARD_COUNT; shard++)
      for (let i = 0; i < GAMES_PER_SHARD; i++) {
        const guildId = guildOfShard(shard, i);
        const { channel } = fake.addGuild({ id: guildId, name: `Guild ${shard}-${i}`, channels: ['table'] });
        channels.set(channel.id, { guildId, shard });
      }
    await fake.start();
    const dir = mkdtempSync(join(tmpdir(), 'hare-shards-'));
    const dbFile = join(dir, 'hare.db');
    const processes: Process[] = [];
    cleanups.push(async () => {
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const errors: unknown[] = [];

    async function startProcess(name: string, shards: number[]): Promise<Process> {
      const clock = new KillableClock();
      const store = openSqliteStorage(dbFile);
      const ownership = new ShardOwnership(
        store.leases,
        clock,
        { holder: name, shardCount: SHARD_COUNT, shards, leaseMs: LEASE_MS, renewEveryMs: LEASE_MS / 3 },
        silentLogger,
      );
      const service = new GameService({
        games,
        store,
        clock,
        ownership,
        config: { aiTurnDelayMs: AI_DELAY_MS, humanTurnTimeoutMs: 600_000 },
        onError: (error) => {
          if (!clock.dead) errors.push(error);
        },
      });
      const updates: Process['updates'] = [];
      service.on('update', (update) => updates.push({ update, at: Date.now() }));
      const bot = createBot({
        service,
        commands: commandsFor(games),
        renderer: createInlineRenderer(games),
        logger: silentLogger,
        api: fake.apiUrl,
        publisher: { coalesceMs: 20, retryMs: 50, clock },
        shards: { ids: shards, count: SHARD_COUNT },
        ownership,
      });
      const requests: Process['requests'] = [];
      bot.client.rest.on('response', (request) => requests.push({ path: request.path, at: Date.now() }));
      const made: Process['made'] = [];
      const options = bot.client.rest.options as { makeRequest: typeof bot.client.rest.options.makeRequest };
      const transport = options.makeRequest;
      options.makeRequest = async (url, init) => {
        const at = Date.now();
        // Thrown: not sent (the bot was stopped before it could leave), or no answer.
        const answer = await transport(url, init);
        made.push({ url, at });
        return answer;
      };
      await ownership.start();
      ownership.drive({ service, bot });
      await service.start();
      await bot.login('test-token');
      await waitUntil(() => bot.client.isReady(), 10_000, `${name} ready`);
      const started: Process = {
        name,
        clock,
        store,
        service,
        bot,
        ownership,
        updates,
        requests,
        made,
      };
      processes.push(started);
      cleanups.push(async () => {
        if (clock.dead) return;
        service.stop();
        await bot.destroy(1000);
        await ownership.stop();
        await store.close();
      });
      return started;
    }

    /** Dies as on SIGKILL: timers and gateway stop, nothing is finished or released. */
    async function kill(process: Process): Promise<void> {
      process.clock.kill();
      process.service.stop();
      await process.bot.destroy(0);
      await process.store.close();
    }

    /** Computer games in every guild, each opened by the process that holds its guild's shard (by index). */
    async function openGames(...owners: Process[]) {
      const gameIds: string[] = [];
      const shardOfGame = new Map<string, number>();
      for (const [channelId, { guildId, shard }] of channels) {
        const owner = owners[shard]!;
        const lobby = await owner.service.openLobby({
          game: 'tiny',
          guildId,
          channelId,
          host: { id: alice.id, name: 'Alice' },
          seats: 3,
          options: { target: 9 },
          seed: `seed-${channelId}`,
        });
        await owner.service.startGame(lobby.id, alice.id);
        await owner.service.leave(lobby.id, alice.id);
        gameIds.push(lobby.id);
        shardOfGame.set(lobby.id, shard);
      }
      const gamesOf = (shard: number) => gameIds.filter((id) => shardOfGame.get(id) === shard);
      return { gameIds, shardOfGame, gamesOf };
    }

    return { fake, alice, channels, processes, errors, startProcess, kill, openGames };
  }

  it('answers a click or command only from the process that holds its shard, though two are connected to it', async () => {
    const { fake, alice, channels, startProcess } = await startWorld();
    await deployCommands({
      commands: commandsFor(games),
      token: 'test-token',
      clientId: fake.applicationId,
      api: fake.apiUrl,
    });
    const owner = await startProcess('owner', [0]);
    const standby = await startProcess('standby', [0]);
    expect(owner.ownership.heldShards).toEqual([0]);
    expect(standby.ownership.heldShards).toEqual([]);
    const [channelId, { guildId }] = [...channels].find(([, place]) => place.shard === 0)!;
    fake.addMember(guildId, alice.id);
    const interaction = fake.slashCommand({
      user: alice,
      channel: fake.state.channels.get(channelId)!,
      name: 'tiny',
      subcommand: 'rules',
    });
    const outcome = await fake.waitForFinal(interaction);
    expect(outcome.interaction.deliveredTo).toBe(2);
    expect(outcome.message?.content ?? outcome.message?.embeds[0]?.description).toBeTruthy();
    await new Promise((done) => setTimeout(done, 300));
    const answered = (process: Process) =>
      process.requests.filter((request) => request.path.includes(`/interactions/${interaction.id}/`));
    expect(answered(owner).length).toBeGreaterThan(0);
    expect(answered(standby)).toEqual([]);
  });

  it('stops driving a shard at once when another process holds its lease, though it stays connected', async () => {
    const { channels, errors, startProcess, openGames } = await startWorld();
    const [first, second] = [await startProcess('first', [0]), await startProcess('second', [1])];
    const { gamesOf } = await openGames(first, second);
    const version = async (id: string) => (await second.service.getGame(id))!.version;
    await waitUntil(
      () => every(gamesOf(0), async (id) => (await version(id)) >= 3),
      10_000,
      'the games moving',
    );

    // Another process holds shard 0 now (as if this one had stalled past its lease): its next renewal fails.
    expect(
      await second.store.leases.takeOverShard(SHARD_COUNT, 0, first.name, 'other', Date.now() + 60_000),
    ).toBe(true);
    const takenAt = Date.now();
    await waitUntil(() => first.ownership.heldShards.length === 0, LEASE_MS, 'the lease lost');
    const lostAt = Date.now();
    // Its next renewal tells it (within a third of the lease), not the end of its own lease time.
    expect(lostAt - takenAt).toBeLessThan(LEASE_MS / 3 + 400);
    const versionsAtLoss = await versionsOf(gamesOf(0), version);
    const shardOneAtLoss = await versionsOf(gamesOf(1), version);
    await new Promise((resolve) => setTimeout(resolve, AI_DELAY_MS * 10));

    for (const id of gamesOf(0)) expect(await version(id), id).toBe(versionsAtLoss.get(id));
    expect(first.updates.filter((u) => u.at > lostAt)).toEqual([]);
    // A board edit already on its way may land; nothing is sent for the lost games after that.
    const shardZeroChannels = [...channels].filter(([, { shard }]) => shard === 0).map(([id]) => id);
    const late = first.requests.filter(
      (r) => r.at > lostAt + 500 && shardZeroChannels.some((id) => r.path.startsWith(`/channels/${id}/`)),
    );
    expect(late).toEqual([]);
    // The other shard's games go on.
    expect(await some(gamesOf(1), async (id) => (await version(id)) > shardOneAtLoss.get(id)!)).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('drives every game from exactly one process, and a replacement takes a killed one’s shard after its lease', async () => {
    const { fake, channels, processes, errors, startProcess, kill, openGames } = await startWorld();

    const [first, second] = [await startProcess('first', [0]), await startProcess('second', [1])];
    expect(fake.connectedShards.sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(first.ownership.heldShards).toEqual([0]);
    expect(second.ownership.heldShards).toEqual([1]);

    const { gameIds, shardOfGame, gamesOf } = await openGames(first, second);
    const version = async (id: string) => (await second.service.getGame(id))!.version;

    // Both shards' games move, each driven by its own process.
    await waitUntil(
      () => every(gameIds, async (id) => (await version(id)) >= 4),
      10_000,
      'every game moving',
    );
    // A delete each process still owes (as if it was cut off mid-request): the dead one's must be settled by its
    // shard's next holder, once it holds the shard; the live one's is its own business (its game's next redraw
    // settles it), nobody else's.
    const owedDelete = async (gameId: string) =>
      second.store.outbox.add(
        {
          gameId,
          channelId: (await second.service.getGame(gameId))!.channelId,
          kind: 'delete',
          messageId: '1',
        },
        Date.now(),
      );
    const deadOwes = await owedDelete(gamesOf(0)[0]!);
    const liveOwes = await owedDelete(gamesOf(1)[0]!);
    // From `dyingAt` it renews nothing; by `killedAt` its client is closed.
    const dyingAt = Date.now();
    await kill(first);
    const killedAt = Date.now();
    const killedVersions = await versionsOf(gamesOf(0), version);
    expect(
      await every(gamesOf(0), async (id) => (await second.service.getGame(id))!.status === 'active'),
    ).toBe(true);

    // A replacement for shard 0 connects at once, but the dead process's lease still holds the shard.
    const replacement = await startProcess('replacement', [0]);
    expect(replacement.ownership.heldShards).toEqual([]);
    const shardZeroMoved = () =>
      every(gamesOf(0), async (id) => {
        const game = (await second.service.getGame(id))!;
        return game.status !== 'active' || game.version > killedVersions.get(id)!;
      });
    await waitUntil(shardZeroMoved, LEASE_MS + 10_000, "shard 0's games moving again");
    const movedAfterMs = Date.now() - dyingAt;
    expect(movedAfterMs).toBeLessThanOrEqual(LEASE_MS + 10_000);
    expect(replacement.ownership.heldShards).toEqual([0]);
    // No move of the dead shard's games before its lease ran out (the lease, not timing, hands it over).
    const firstReplacementMove = Math.min(
      ...replacement.updates.filter((u) => u.update.cause === 'action').map((u) => u.at),
    );
    expect(firstReplacementMove - dyingAt).toBeGreaterThanOrEqual(LEASE_MS - LEASE_MS / 3 - 100);

    // Every game plays to its end and its summary is posted.
    await waitUntil(
      () =>
        every(gameIds, async (id) => {
          const game = (await second.service.getGame(id))!;
          return game.status === 'finished' && game.summaryPosted;
        }),
      60_000,
      'every game finished with its summary',
    );
    await waitUntil(
      () => every(gameIds, async (id) => (await second.service.outbox.pendingFor(id)).length === 0),
      10_000,
      'the outbox empty',
    );
    expect(await second.store.outbox.all()).toEqual([]);
    const deadChannel = `/channels/${deadOwes.channelId}/messages/1`;
    expect(replacement.requests.filter((request) => request.path === deadChannel)).toHaveLength(1);
    const liveChannel = `/channels/${liveOwes.channelId}/messages/1`;
    expect(second.requests.filter((request) => request.path === liveChannel)).toHaveLength(1);
    expect(replacement.requests.filter((request) => request.path === liveChannel)).toEqual([]);

    const actionsBy = (process: Process, gameId: string) =>
      process.updates.filter((u) => u.update.game.id === gameId && u.update.cause === 'action');
    for (const id of gameIds) {
      const log = await second.store.games.listActions(id);
      // The log is contiguous, and every move was made (committed and told) by exactly one process, once.
      expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
      const drivers = processes.filter((process) => actionsBy(process, id).length > 0).map((p) => p.name);
      const made = processes.reduce((sum, process) => sum + actionsBy(process, id).length, 0);
      expect(made, id).toBe(log.length);
      if (shardOfGame.get(id) === 1) expect(drivers).toEqual(['second']);
      else {
        expect(drivers).toEqual(['first', 'replacement']);
        expect(actionsBy(first, id).every((u) => u.at <= killedAt)).toBe(true);
      }
    }

    // Each channel heard only from the process holding its shard (the dead one only before it died).
    for (const [channelId, { shard }] of channels) {
      const callers = processes
        .filter((process) => process.requests.some((r) => r.path.startsWith(`/channels/${channelId}/`)))
        .map((process) => process.name);
      expect(callers, `channel of shard ${shard}`).toEqual(
        shard === 1 ? ['second'] : ['first', 'replacement'],
      );
    }
    // Nothing is made after the kill (a request made before it may be answered after it: it was on its way), and
    // what still waited for the request budget then is not sent (test/bot/request-budget.test.ts).
    expect(first.made.filter((request) => request.at > killedAt)).toEqual([]);
    // The replacement touched the dead shard's channels only once it held the shard (its lease, renewed at
    // most LEASE_MS / 3 before the kill, ran out no sooner than this).
    const leaseOutAtLeast = dyingAt + LEASE_MS - LEASE_MS / 3 - 100;
    for (const request of replacement.requests.filter((r) => r.path.startsWith('/channels/')))
      expect(request.at).toBeGreaterThanOrEqual(leaseOutAtLeast);

    // One board and one summary in every channel: nothing posted twice, nothing deleted, edits in order.
    for (const [channelId] of channels) {
      const posts = fake.requests.filter(
        (request) => request.method === 'POST' && request.path === `/channels/${channelId}/messages`,
      );
      const shown = fake.messages(channelId).filter((m) => m.authorId === fake.bot.id);
      expect(shown.filter((m) => m.deleted)).toEqual([]);
      expect(shown).toHaveLength(2);
      expect(posts.filter((request) => request.status < 300)).toHaveLength(2);
      const summaries = shown.filter((m) =>
        allComponents(m).some((c) => c.custom_id?.startsWith('tiny:finished:')),
      );
      expect(summaries).toHaveLength(1);
      const board = shown.find((m) => !summaries.includes(m))!;
      const versions = [...board.history, board]
        .map((revision) => /· v(\d+)/.exec(revision.embeds[0]?.footer?.text ?? '')?.[1])
        .filter((found): found is string => found !== undefined)
        .map(Number);
      expect(versions.length).toBeGreaterThan(1);
      for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThan(versions[i - 1]!);
    }
    expect(errors).toEqual([]);
  }, 90_000);
});
