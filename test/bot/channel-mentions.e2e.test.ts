/**
 * A channel never shows two games' turn mentions: a closed game's mention is gone before the next game in its
 * channel posts one. Before, a process that died while deleting an ended game's mention left it up, and the
 * process that took over posted the next game's mention (that game waits for a person, so its channel goes
 * first) while the closed game's channel still waited its turn to be settled: both stood side by side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { StoredMessage } from '../../src/fakediscord/index';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { createHarness, runCommand, startGame, startServiceGame, waitForTurnOf, waitUntil } from './harness';
import type { Harness } from './harness';

/** Draws inline; once `hold` is set, the boards of `gameKey` wait until `release`. */
function gatedRenderer(gameKey: string) {
  const inner = createInlineRenderer(GAMES);
  let holding = false;
  let held: (() => void)[] = [];
  const gate = {
    hold: () => (holding = true),
    release() {
      holding = false;
      for (const go of held) go();
      held = [];
    },
  };
  const renderer: Renderer = {
    ...inner,
    board: async (key, input) => {
      if (holding && key === gameKey) await new Promise<void>((resolve) => held.push(resolve));
      return inner.board(key, input);
    },
  };
  return { renderer, gate };
}

describe('turn mentions of two games in one channel', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("after a crash while an ended game's mention was being deleted: it goes before the next game's mention", async () => {
    const { renderer, gate } = gatedRenderer('candyland');
    // Computers wait long: nothing moves the games on but the people.
    h = await createHarness({ settlingConcurrency: 1, renderer, aiTurnDelayMs: 600_000 });
    const { alice, bob } = h.users;
    const first = await startGame(h, [alice, bob], { seats: 2 }, 'greed');
    await waitForTurnOf(h, first.gameId, alice.id);
    const mentionId = await waitUntil(
      async () => (await h.service.getGame(first.gameId))!.turnNoticeMessageId,
      10_000,
      "Alice's mention",
    );
    // A game of computers in another channel, changed before the first game ends: its channel is settled
    // before that game's after a restart (and its board takes its time).
    const elsewhere = h.fake.addTextChannel(h.guildId, 'elsewhere');
    const computers = await h.service.openLobby({
      game: 'candyland',
      guildId: h.guildId,
      channelId: elsewhere.id,
      host: { id: alice.id, name: 'Alice' },
      hostSeated: false,
      seats: 2,
    });
    await h.service.startGame(computers.id, alice.id);

    // The host ends the game; the process dies at the delete of its mention (Discord never gets it).
    const crash = h.fake.crashAt({ method: 'DELETE', route: `/messages/${mentionId}`, when: 'before' });
    void runCommand(h, alice, 'end', {}, 'greed').catch(() => undefined);
    await crash.hit;
    // Meanwhile the next game starts in the channel (written by the dying process, drawn by none).
    const next = await startServiceGame(h, { guildId: h.guildId, channelId: h.channel.id });

    const order: string[] = [];
    h.fake.on('messageDelete', (message: StoredMessage) => {
      if (message.id === mentionId) order.push('old mention deleted');
    });
    h.fake.on('messageCreate', (message: StoredMessage) => {
      if (message.channelId === h.channel.id && message.pinged.users.length > 0)
        order.push('new mention posted');
    });
    gate.hold();
    await h.crashRestart();
    await waitUntil(
      async () => (await h.service.getGame(next))!.turnNoticeMessageId,
      20_000,
      "the next game's mention",
    );
    gate.release();
    await waitUntil(() => h.fake.message(mentionId)?.deleted === true, 20_000, "the old mention's delete");
    expect(order).toEqual(['old mention deleted', 'new mention posted']);
    expect((await h.service.getGame(first.gameId))!.turnNoticeMessageId).toBeNull();
  }, 60_000);
});
