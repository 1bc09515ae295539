/**
 * Interactions for a shard a process is connected to but does not hold yet (its holder died on another
 * machine and its lease has not run out): the process acknowledges them within Discord's 3 s (a private
 * deferral for a command, a deferred update for a click) and answers each once it holds the shard. When a live
 * process keeps the shard instead, the reader is told so privately, in their language.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InteractionResponseType } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { commandsFor } from '../../commands/index';
import { createBot } from '../../src/bot/bot';
import { deployCommands } from '../../src/bot/deploy';
import { FakeDiscord, type FakeChannel } from '../../src/fakediscord/index';
import { createRegistry } from '../../src/games/registry';
import { replyWords } from '../../src/i18n/index';
import { silentLogger } from '../../src/logger';
import { GameService, realClock } from '../../src/service/index';
import { ShardOwnership } from '../../src/shard-process';
import type { LeaseStore } from '../../src/store/leases';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import { createInlineRenderer } from '../../src/workers/render-pool';
import { tinyModule } from '../support/tiny-game';
import { waitUntil } from './harness';

const SHARD_COUNT = 2;
const LEASE_MS = 6000;
const RENEW_MS = LEASE_MS / 3;
const games = createRegistry([tinyModule]);
/** A guild of shard 0 of 2. */
const GUILD = (1_700_000_000_000n << 22n).toString();

describe('a process connected to a shard it does not hold yet', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** One process for shard 0, whose lease row another holder has (written by `giveLease` first). */
  async function start(giveLease: (leases: LeaseStore) => Promise<void>) {
    const fake = new FakeDiscord();
    const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
    const bob = fake.addUser({ username: 'bob', globalName: 'Bob', locale: 'de' });
    const { channel } = fake.addGuild({ id: GUILD, name: 'Shard zero', channels: ['table'] });
    fake.addMember(GUILD, alice.id);
    fake.addMember(GUILD, bob.id);
    await fake.start();
    await deployCommands({
      commands: commandsFor(games),
      token: 'test-token',
      clientId: fake.applicationId,
      api: fake.apiUrl,
    });
    const dir = mkdtempSync(join(tmpdir(), 'hare-handover-'));
    const dbFile = join(dir, 'hare.db');
    const store = openSqliteStorage(dbFile);
    cleanups.push(async () => {
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    await giveLease(store.leases);
    const ownership = new ShardOwnership(
      store.leases,
      realClock,
      { holder: 'standby', shardCount: SHARD_COUNT, shards: [0], leaseMs: LEASE_MS, renewEveryMs: RENEW_MS },
      silentLogger,
    );
    const service = new GameService({
      games,
      store,
      clock: realClock,
      ownership,
      config: { aiTurnDelayMs: 100, humanTurnTimeoutMs: 600_000 },
    });
    const bot = createBot({
      service,
      commands: commandsFor(games),
      renderer: createInlineRenderer(games),
      logger: silentLogger,
      api: fake.apiUrl,
      publisher: { coalesceMs: 20, retryMs: 50 },
      shards: { ids: [0], count: SHARD_COUNT },
      ownership,
    });
    await ownership.start();
    ownership.drive({ service, bot });
    await service.start();
    await bot.login('test-token');
    await waitUntil(() => bot.client.isReady(), 10_000, 'the bot ready');
    cleanups.push(async () => {
      service.stop();
      await bot.destroy(1000);
      await ownership.stop();
      await store.close();
    });
    return { fake, alice, bob, channel: channel as FakeChannel, leases: store.leases, ownership };
  }

  /**
   * The lease for `holder`, whoever held it, running out `inMs` from now, last renewed long enough ago to look
   * dead: taken over from a holder whose lease runs, else claimed (or renewed).
   */
  const setLease = async (leases: LeaseStore, holder: string, inMs: number) => {
    const now = Date.now();
    const current = await leases.leaseOf(SHARD_COUNT, 0);
    const taken =
      current && current.holder !== holder && current.expiresAt > now
        ? await leases.takeOverShard(SHARD_COUNT, 0, current.holder, holder, now + inMs)
        : await leases.claimShard(SHARD_COUNT, 0, holder, now, now + inMs);
    if (!taken) throw new Error(`the lease was not given to ${holder}`);
  };

  it('defers what arrives within 3 s and answers once it holds the shard', { timeout: 60_000 }, async () => {
    const { fake, alice, bob, channel, leases, ownership } = await start((l) => setLease(l, 'dead', 2500));
    expect(ownership.heldShards).toEqual([]);

    // A command: a private deferral at once, the answer when the dead holder's lease has run out.
    const rules = fake.slashCommand({ user: alice, channel, name: 'tiny', subcommand: 'rules' });
    const ruled = await fake.waitForFinal(rules);
    expect(ruled.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(ruled.latencyMs).toBeLessThan(3000);
    expect(ruled.ephemeral).toBe(true);
    expect(ruled.finalLatencyMs!).toBeGreaterThan(1500);
    expect(ruled.message?.content || ruled.message?.embeds[0]?.description).toBeTruthy();
    expect(ownership.heldShards).toEqual([0]);

    // The shard is lost again (a holder that died at once): a command that posts publicly, and then a click.
    await setLease(leases, 'dead-again', 2500);
    await waitUntil(() => ownership.heldShards.length === 0, RENEW_MS + 1000, 'the shard lost');
    const opened = await fake.waitForFinal(
      fake.slashCommand({ user: alice, channel, name: 'tiny', subcommand: 'start', options: { seats: 2 } }),
    );
    expect(opened.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(opened.latencyMs).toBeLessThan(3000);
    const lobby = await fake.waitForMessage(
      (m) =>
        m.channelId === channel.id && m.visibleTo === null && /:lobby:/.test(JSON.stringify(m.components)),
    );
    const join = /"custom_id":"(tiny:lobby:[^"]+:join)"/.exec(JSON.stringify(lobby.components))![1]!;

    await setLease(leases, 'dead-third', 2500);
    await waitUntil(() => ownership.heldShards.length === 0, RENEW_MS + 1000, 'the shard lost');
    const joined = await fake.waitForFinal(
      fake.clickButton({ user: bob, messageId: lobby.id, customId: join }),
    );
    expect(joined.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    expect(joined.latencyMs).toBeLessThan(3000);
    await waitUntil(
      () => JSON.stringify(fake.message(lobby.id)?.embeds).includes('Bob'),
      10_000,
      'Bob seated',
    );

    // Every interaction got its first answer within 3 s.
    for (const interaction of fake.interactions) expect(interaction.latencyMs).toBeLessThan(3000);
  });

  it('tells the reader privately when a live process keeps the shard', { timeout: 60_000 }, async () => {
    const { fake, bob, channel, leases } = await start((l) => setLease(l, 'stalled', 2500));
    const asked = fake.slashCommand({ user: bob, channel, name: 'tiny', subcommand: 'rules' });
    const deferred = await fake.waitForResponse(asked);
    expect(deferred.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    // The stalled holder comes back and renews before its lease runs out, and keeps renewing.
    const renewing = setInterval(() => void setLease(leases, 'stalled', LEASE_MS), 500);
    cleanups.push(() => clearInterval(renewing));
    const told = await fake.waitForFinal(asked);
    expect(told.ephemeral).toBe(true);
    expect(told.message?.content).toBe(replyWords('de')('failure.handoverElsewhere'));
  });
});
