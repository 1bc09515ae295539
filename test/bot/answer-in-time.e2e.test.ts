/**
 * A command or click whose handler waits past Discord's window for the first answer (a slow database, full
 * cores) is acknowledged before the window closes, and its answer then continues that acknowledgement: nobody
 * sees "This interaction failed". Here the fake's window is 2 s, the bot acknowledges at 0.5 s, and the
 * database takes 2.3 s to open or change a lobby (or the shard leases as long to say this process holds the
 * server's shard). An acknowledgement another process made first (its shard triage outlasting its own guard) is
 * continued the same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameOwnership } from '../../src/service/context';
import type { ShardHandover } from '../../src/service/shard-leases';
import type { Storage } from '../../src/store/storage';
import {
  allComponents,
  channelGame,
  createHarness,
  pressButton,
  runCommand,
  wrapGamesStore,
  type Harness,
  type HarnessOptions,
} from './harness';

const WINDOW_MS = 2000;
const SLOW_MS = 2300;

describe('answering within Discord’s 3 s', () => {
  let h: Harness;
  let slow = false;
  let slowMs = SLOW_MS;
  const slowLobbies = (storage: Storage): Storage =>
    wrapGamesStore(storage, (name, method) =>
      name === 'createLobby' || name === 'updateLobby'
        ? async (...args) => {
            if (slow) await new Promise((resolve) => setTimeout(resolve, slowMs));
            return method(...args);
          }
        : method,
    );

  const start = () =>
    h.fake.slashCommand({
      user: h.users.alice,
      channel: h.channel,
      name: 'hare',
      subcommand: 'start',
      options: { seats: 2 },
    });

  /** The first answer is a private deferral within the window, and the lobby is then posted in the channel. */
  async function expectLobbyAfterDeferral(interaction: ReturnType<typeof start>): Promise<void> {
    const first = await h.fake.waitForResponse(interaction);
    expect(first.type).toBe(5);
    expect(first.ephemeral).toBe(true);
    expect(first.latencyMs).toBeLessThan(WINDOW_MS);
    await h.fake.waitForFinal(interaction);
    const game = (await channelGame(h))!;
    expect(game.status).toBe('lobby');
    const lobby = h.fake.message(game.boardMessageId!)!;
    expect(lobby.channelId).toBe(h.channel.id);
    expect(lobby.embeds[0]?.title).toMatch(/Hare/);
    expect(h.fake.requests.filter((r) => r.path.endsWith('/callback') && r.status >= 400)).toEqual([]);
  }

  /** A bot that acknowledges at 0.5 s before a fake whose window is WINDOW_MS. */
  const startHarness = (options: HarnessOptions) =>
    createHarness({
      aiTurnDelayMs: 20,
      answerWithinMs: 500,
      fake: { interactionResponseTimeoutMs: WINDOW_MS },
      ...options,
    });

  /** The bot's interaction callbacks leave `ms` late (as if the network or the bot were slow to send them). */
  function delayCallbacks(ms: number): void {
    const rest = h.bot.client.rest;
    const post = rest.post.bind(rest);
    rest.post = async (route, options) => {
      if (route.endsWith('/callback')) await new Promise((resolve) => setTimeout(resolve, ms));
      return post(route, options);
    };
  }

  /** Another process acknowledges the interaction first, as a process whose shard triage outlasted its guard. */
  async function acknowledgeElsewhere(
    interaction: { id: string; token: string },
    type: 5 | 6,
  ): Promise<void> {
    const response = await fetch(
      `${h.fake.apiUrl}/v10/interactions/${interaction.id}/${interaction.token}/callback`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(type === 5 ? { type, data: { flags: 64 } } : { type }),
      },
    );
    expect(response.status).toBe(204);
  }

  describe('a handler that waits on the database', () => {
    beforeEach(async () => {
      slow = false;
      slowMs = SLOW_MS;
      h = await startHarness({ wrapStorage: slowLobbies });
    });
    afterEach(async () => {
      await h.close();
    });

    it('a slow /start is deferred privately in time, and its lobby is posted in the channel', async () => {
      slow = true;
      await expectLobbyAfterDeferral(start());
    });

    it('a handler answering while the deferral is on its way continues it, with one callback', async () => {
      // The bot's callbacks take 0.4 s to leave and the database answers at 0.6 s: the handler answers while the
      // deferral sent at 0.5 s is still on its way (it arrives at 0.9 s).
      delayCallbacks(400);
      slowMs = 600;
      slow = true;
      const interaction = start();
      await expectLobbyAfterDeferral(interaction);
      const callbacks = h.fake.requests.filter((r) => r.path.startsWith(`/interactions/${interaction.id}/`));
      expect(callbacks.map((r) => r.status)).toEqual([204]);
      const webhooks = h.fake.requests.filter((r) => r.path.startsWith('/webhooks/'));
      expect(webhooks.filter((r) => r.status >= 400)).toEqual([]);
    });

    it('a slow Join is answered with a deferred update, then the lobby shows the new seat', async () => {
      const opened = await runCommand(h, h.users.alice, 'start', { seats: 2 });
      const gameId = (await channelGame(h))!.id;
      slow = true;
      const joined = await pressButton(h, h.users.bob, opened.message!.id, `hare:lobby:${gameId}:join`);
      expect(joined.type).toBe(6);
      expect(joined.latencyMs).toBeLessThan(WINDOW_MS);
      const final = await h.fake.waitForFinal(joined.interaction);
      expect(final.message?.embeds[0]?.fields?.[0]?.value).toBe(
        `1. <@${h.users.alice.id}>\n2. <@${h.users.bob.id}>`,
      );
      expect(allComponents(final.message!).length).toBeGreaterThan(0);
    });

    it('a /start another process acknowledged first is answered through that acknowledgement', async () => {
      await h.close();
      h = await startHarness({ wrapStorage: slowLobbies, answerWithinMs: 10_000 });
      slowMs = 600;
      slow = true;
      const interaction = start();
      await acknowledgeElsewhere(interaction, 5);
      await h.fake.waitForFinal(interaction);
      const lobby = await h.fake.waitForMessage(
        (message) => message.channelId === h.channel.id && /Hare/.test(message.embeds[0]?.title ?? ''),
      );
      expect(lobby.visibleTo).toBeNull();
      expect((await channelGame(h))?.status).toBe('lobby');
    });

    it('a Join another process acknowledged first still shows the new seat', async () => {
      await h.close();
      h = await startHarness({ wrapStorage: slowLobbies, answerWithinMs: 10_000 });
      const opened = await runCommand(h, h.users.alice, 'start', { seats: 2 });
      const gameId = (await channelGame(h))!.id;
      slowMs = 600;
      slow = true;
      const joining = h.fake.clickButton({
        user: h.users.bob,
        messageId: opened.message!.id,
        customId: `hare:lobby:${gameId}:join`,
      });
      await acknowledgeElsewhere(joining, 6);
      const final = await h.fake.waitForFinal(joining);
      expect(final.message?.embeds[0]?.fields?.[0]?.value).toBe(
        `1. <@${h.users.alice.id}>\n2. <@${h.users.bob.id}>`,
      );
    });

    it('a quick answer is not deferred', async () => {
      const opened = await runCommand(h, h.users.alice, 'start', { seats: 2 });
      expect(opened.type).toBe(4);
      expect(opened.ephemeral).toBe(false);
    });
  });

  it('a process slow to learn it holds the server’s shard acknowledges in time, then answers', async () => {
    let held = false;
    const ownership: GameOwnership & ShardHandover = {
      ownsGuild: () => held,
      triage: async () => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        held = true;
        return 'held';
      },
      waitFor: async () => 'held',
    };
    h = await startHarness({ ownership });
    try {
      await expectLobbyAfterDeferral(start());
    } finally {
      await h.close();
    }
  });

  it('leaves an interaction alone that the live holder of its shard answers', async () => {
    const ownership: GameOwnership & ShardHandover = {
      ownsGuild: () => false,
      triage: async () => 'holder-answers',
      waitFor: async () => 'elsewhere',
    };
    h = await startHarness({ ownership });
    try {
      const interaction = start();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      expect(interaction.callback).toBeNull();
    } finally {
      await h.close();
    }
  });

  /**
   * A process without the shard, whose lease round ends after `triageMs` (the shard then gained at once), meets a
   * /start another process acknowledged first: its own acknowledgement is refused, and it answers nothing more.
   */
  async function expectLeftToTheOther(triageMs: number, answerWithinMs?: number): Promise<void> {
    const ownership: GameOwnership & ShardHandover = {
      ownsGuild: () => false,
      triage: async () => {
        await new Promise((resolve) => setTimeout(resolve, triageMs));
        return 'wait';
      },
      waitFor: async () => 'held',
    };
    h = await startHarness({ ownership, ...(answerWithinMs ? { answerWithinMs } : {}) });
    try {
      const interaction = start();
      await acknowledgeElsewhere(interaction, 5);
      await new Promise((resolve) => setTimeout(resolve, triageMs + 1000));
      // The other process's deferral, then this one's refused: nothing after it.
      const requests = h.fake.requests.filter((r) => r.path.includes(interaction.token));
      expect(
        requests.map((r) => `${r.path.endsWith('/callback') ? 'callback' : r.path} ${r.status}`),
      ).toEqual(['callback 204', 'callback 400']);
      expect(await channelGame(h)).toBeNull();
    } finally {
      await h.close();
    }
  }

  it('a process without the shard leaves an interaction another process acknowledged first', async () => {
    // Its own deferral, sent when the leases answer at 0.6 s, is the refused one.
    await expectLeftToTheOther(600, 10_000);
  });

  it('a process without the shard whose guard came second leaves the interaction too', async () => {
    // The guard acknowledges at 0.5 s, after the other process; the leases answer at 0.8 s.
    await expectLeftToTheOther(800);
  });

  it('a shard gained just after the acknowledgement: the answer still waits for the deferral on its way', async () => {
    // The deferral leaves at 0.5 s and arrives at 0.9 s; the leases say at 0.6 s that the shard will be held, and
    // it is at once.
    let held = false;
    const ownership: GameOwnership & ShardHandover = {
      ownsGuild: () => held,
      triage: async () => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        return 'wait';
      },
      waitFor: async () => {
        held = true;
        return 'held';
      },
    };
    h = await startHarness({ ownership });
    try {
      delayCallbacks(400);
      const interaction = start();
      await expectLobbyAfterDeferral(interaction);
      const webhooks = h.fake.requests.filter((r) => r.path.startsWith('/webhooks/'));
      expect(webhooks.filter((r) => r.status >= 400)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
