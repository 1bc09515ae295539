/**
 * Rematch, history and replay through the real discord.js client and the fake Discord, on Tiny
 * (test/support/tiny-game.ts) so that games are short: the summary's buttons, `/tiny history` with its pages and
 * menu, a summary drawn again from the log, a replay stepped through with buttons, and `/tiny stats` with its
 * rating chart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import type { StoredMessage } from '../../src/fakediscord/index';
import type { TinyState } from '../support/tiny-game';
import { tinyModule } from '../support/tiny-game';
import { historyPayload } from '../../src/bot/archive-views';
import { ServiceGate } from '../../src/service/gate';
import type { Language } from '../../src/i18n/index';
import {
  allComponents,
  boardShowing,
  createHarness,
  type Harness,
  playTinyByButtons,
  startGame,
  waitForSummary,
  waitUntil,
} from './harness';

const isPng = (data: Buffer) => data.subarray(1, 4).toString() === 'PNG';

function attachment(message: StoredMessage | undefined, filename: string) {
  return message?.attachments.find((a) => a.filename === filename);
}

function customIdLabelled(message: StoredMessage, label: string): string {
  const button = (allComponents(message) as { label?: string; custom_id?: string }[]).find(
    (component) => component.label === label,
  );
  if (!button?.custom_id) throw new Error(`no button labelled ${label}`);
  return button.custom_id;
}

/** Starts a Tiny game for Alice against a computer directly through the service (the bot still posts it). */
async function playQuickGame(h: Harness, channelId: string): Promise<string> {
  const lobby = await h.service.openLobby({
    game: 'tiny',
    guildId: h.guildId,
    channelId,
    host: { id: h.users.alice.id, name: 'Alice' },
    seats: 2,
    options: { target: 3 },
  });
  await h.service.startGame(lobby.id, h.users.alice.id);
  return lobby.id;
}

async function finishQuickGame(h: Harness, gameId: string): Promise<void> {
  for (let step = 0; step < 300; step++) {
    const game = (await h.service.getGame(gameId))!;
    if (game.status !== 'active') return;
    const state = game.state as TinyState;
    const seat = game.seats[state.current]!;
    if (seat.userId) {
      const action = state.mustPass ? { type: 'pass' } : { type: 'add', amount: 2 };
      await h.service.act(gameId, seat.userId, action, game.version);
    } else {
      await waitUntil(
        async () => (await h.service.getGame(gameId))!.version > game.version,
        5000,
        'the computer',
      );
    }
  }
  throw new Error('the quick game did not finish');
}

describe('rematch, history and replay through the bot', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('a summary offers Rematch (computers kept, players rejoin) and Replay stepped through privately', async () => {
    const { alice, bob, carol } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 3, target: 3 }, 'tiny');
    await playTinyByButtons(h, gameId, [alice, bob]);
    const finished = await waitForSummary(h, gameId);
    const summary = h.fake.messages(h.channel.id).find((m) => attachment(m, 'summary.png'))!;
    expect(allComponents(summary).map((c) => c.custom_id)).toEqual([
      `tiny:finished:${gameId}:rematch`,
      `tiny:finished:${gameId}:replay`,
      `tiny:finished:${gameId}:log`,
    ]);

    const replay = await h.fake.waitForFinal(
      h.fake.clickButton({ user: carol, messageId: summary.id, customId: `tiny:finished:${gameId}:replay` }),
    );
    expect(replay).toMatchObject({ type: 5, ephemeral: true });
    const steps = (await h.store.games.listActions(gameId)).length;
    expect(replay.message?.embeds[0]?.title).toBe(`⏪ Tiny replay — move 0 of ${steps}`);
    expect(isPng(attachment(replay.message, 'replay.png')!.data)).toBe(true);
    const next = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: carol,
        messageId: replay.message!.id,
        customId: customIdLabelled(replay.message!, '▶'),
      }),
    );
    expect(next.type).toBe(6);
    expect(next.message?.embeds[0]?.title).toBe(`⏪ Tiny replay — move 1 of ${steps}`);
    expect(next.message?.embeds[0]?.description).toBe(
      `• ${(await h.service.history(gameId))[0]!.lines.join('\n• ')}`,
    );
    expect(next.message?.attachments.map((a) => a.filename)).toEqual(['replay.png']);
    const end = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: carol,
        messageId: replay.message!.id,
        customId: customIdLabelled(next.message!, '⏭ End'),
      }),
    );
    expect(end.message?.embeds[0]?.title).toBe(`⏪ Tiny replay — move ${steps} of ${steps}`);
    expect(end.message?.embeds[0]?.description).toMatch(/The end:\*\* 1st /);

    const stranger = await h.fake.waitForFinal(
      h.fake.clickButton({ user: carol, messageId: summary.id, customId: `tiny:finished:${gameId}:rematch` }),
    );
    expect(stranger).toMatchObject({ type: 4, ephemeral: true });
    expect(stranger.message?.content).toMatch(/only the players of this game/i);
    expect(await h.service.findActiveGameInChannel(h.channel.id)).toBeNull();

    const rematch = await h.fake.waitForFinal(
      h.fake.clickButton({ user: bob, messageId: summary.id, customId: `tiny:finished:${gameId}:rematch` }),
    );
    expect(rematch).toMatchObject({ type: 4, ephemeral: false });
    const lobby = await waitUntil(
      async () => {
        const open = await h.service.findActiveGameInChannel(h.channel.id);
        return open?.boardMessageId ? open : null;
      },
      5000,
      'the lobby message to be recorded',
    );
    expect(lobby).toMatchObject({ status: 'lobby', hostId: bob.id, boardMessageId: rematch.message!.id });
    expect(lobby.options).toEqual({ ...finished.options, hostSeated: true });
    expect(lobby.seats.map((seat) => seat.userId ?? seat.kind)).toEqual([bob.id, 'computer']);
    expect(rematch.message?.embeds[0]?.title).toBe('Tiny — new game');
    const join = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: rematch.message!.id,
        customId: `tiny:lobby:${lobby.id}:join`,
      }),
    );
    expect(join.type).toBeLessThanOrEqual(7);
    expect((await h.service.getGame(lobby.id))!.seats.map((seat) => seat.userId ?? seat.kind)).toEqual([
      bob.id,
      'computer',
      alice.id,
    ]);
  });

  it('history pages through the server’s games, shows a chosen summary again, and stats draws the rating', async () => {
    const { alice, bob } = h.users;
    const other = h.fake.addTextChannel(h.guildId, 'other-table');
    for (let round = 0; round < 11; round++) {
      const id = await playQuickGame(h, other.id);
      await finishQuickGame(h, id);
      await waitForSummary(h, id);
    }

    const history = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: bob,
        channel: h.channel,
        name: 'tiny',
        subcommand: 'history',
        options: { user: alice.id },
      }),
    );
    expect(history).toMatchObject({ type: 4, ephemeral: true });
    const firstPage = history.message!;
    expect(firstPage.embeds[0]?.title).toBe("📜 Tiny — Alice's games");
    expect(firstPage.embeds[0]?.footer?.text).toMatch(/^Page 1 of 2 · 11 games/);
    expect(firstPage.embeds[0]?.description?.split('\n')).toHaveLength(10);
    const menu = allComponents(firstPage).find((c) => c.type === 3)!;
    expect(menu.options).toHaveLength(10);
    // A select option cannot render Discord's timestamps: its date is written as Discord writes the reader's.
    expect((menu.options![0] as { label?: string }).label).toMatch(/^1\. \d{2}\/\d{2}\/\d{4} — /);
    const page = await new ServiceGate(h.service).historyPage({
      guildId: h.guildId,
      gameKey: 'tiny',
      userId: null,
      page: 0,
    });
    const dates = {
      de: /^1\. \d{2}\.\d{2}\.\d{4} — /,
      fr: /^1\. \d{2}\/\d{2}\/\d{4} — /,
      es: /^1\. \d{2}\/\d{2}\/\d{4} — /,
    };
    for (const [language, date] of Object.entries(dates)) {
      const payload = historyPayload(tinyModule, page, { userId: null, name: null }, language as Language);
      const options = payload.components!.flatMap((row) => row.toJSON().components).find((c) => c.type === 3);
      expect((options as { options: { label: string }[] }).options[0]!.label).toMatch(date);
    }
    expect(firstPage.mentionIds).toEqual([]);

    const older = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: bob,
        messageId: firstPage.id,
        customId: customIdLabelled(firstPage, 'Older ▶'),
      }),
    );
    expect(older.type).toBe(7);
    expect(older.message?.embeds[0]?.footer?.text).toMatch(/^Page 2 of 2/);
    expect(older.message?.embeds[0]?.description?.split('\n')).toHaveLength(1);
    const oldest = (
      await h.service.historyPage({ guildId: h.guildId, gameKey: 'tiny', userId: null, page: 1 })
    ).entries[0]!;
    expect(
      allComponents(older.message!)
        .find((c) => c.type === 3)
        ?.options?.map((o) => o.value),
    ).toEqual([oldest.game.id]);

    const picked = await h.fake.waitForFinal(
      h.fake.selectMenu({
        user: bob,
        messageId: firstPage.id,
        customId: menu.custom_id!,
        values: [oldest.game.id],
      }),
    );
    expect(picked).toMatchObject({ type: 5, ephemeral: true });
    expect(picked.message?.embeds[0]?.title).toMatch(/^🏆 Tiny/);
    expect(isPng(attachment(picked.message, 'summary.png')!.data)).toBe(true);
    expect(allComponents(picked.message!).map((c) => c.custom_id)).toEqual([
      `tiny:finished:${oldest.game.id}:replay`,
      `tiny:finished:${oldest.game.id}:log`,
    ]);
    // Download log from the history: the game's log as a private JSON file.
    const download = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: bob,
        messageId: picked.message!.id,
        customId: `tiny:finished:${oldest.game.id}:log`,
      }),
    );
    expect(download.ephemeral).toBe(true);
    const logFile = attachment(download.message, `tiny-${oldest.game.id}-log.json`)!;
    expect(JSON.parse(logFile.data.toString('utf8'))).toMatchObject({
      format: 'hare-game-log',
      game: 'tiny',
      id: oldest.game.id,
    });

    const stats = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'tiny',
        subcommand: 'stats',
        options: {},
      }),
    );
    expect(stats.message?.embeds[0]?.fields?.find((f) => f.name === 'Games')?.value).toBe('11');
    expect(isPng(attachment(stats.message, 'rating.png')!.data)).toBe(true);
  });

  it('a replay step or history page forged onto a live board is refused privately, the board left as it is', async () => {
    const { alice } = h.users;
    const done = await playQuickGame(h, h.channel.id);
    await finishQuickGame(h, done);
    await waitForSummary(h, done);
    const liveId = await playQuickGame(h, h.channel.id);
    const live = await waitUntil(
      async () => {
        const game = (await h.service.getGame(liveId))!;
        return (game.state as TinyState).current === 0 && boardShowing(h, game) ? game : null;
      },
      5000,
      "Alice's turn on the live board",
    );
    const board = boardShowing(h, live)!;
    const edits = board.editCount;
    const title = board.embeds[0]?.title;
    for (const forged of [`tiny:replay:${done}:1:next`, 'tiny:history:all:0:next']) {
      const outcome = await h.fake.waitForResponse(
        h.fake.clickButton({
          user: alice,
          messageId: board.id,
          customId: allComponents(board)[0]!.custom_id!,
          forgedCustomId: forged,
        }),
      );
      expect(outcome, forged).toMatchObject({ type: 4, ephemeral: true });
      expect(outcome.message?.content).toMatch(/only on the private message it came with/);
    }
    expect(h.fake.message(board.id)!.editCount).toBe(edits);
    expect(h.fake.message(board.id)!.embeds[0]?.title).toBe(title);
    expect((await h.service.getGame(liveId))!.version).toBe(live.version);
  });
});
