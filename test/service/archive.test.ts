/**
 * Looking back at finished games: the guild's history a page at a time (optionally one player's games), a
 * game's summary and its replay rebuilt from the stored log, and the rematch lobby a player of a finished game
 * opens. Played with Tiny (test/support/tiny-game.ts) so that many short games fit in a test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { HISTORY_PAGE_SIZE } from '../../src/service/index';
import { tinyModule, type TinyState } from '../support/tiny-game';
import { ALICE, BOB, CAROL, GUILD, expectRefused, makeHarness, type Harness } from './helpers';

const GAMES = createRegistry([hareModule, tinyModule]);

interface TinyGameInput {
  channel?: string;
  guildId?: string;
  guests?: (typeof BOB)[];
  computers?: number;
}

/** Opens, starts and plays a Tiny game to its end (humans add 2, computers play on the clock). */
async function playTiny(h: Harness, input: TinyGameInput = {}): Promise<string> {
  const lobby = await h.service.openLobby({
    game: 'tiny',
    guildId: input.guildId ?? GUILD,
    channelId: input.channel ?? 'c1',
    host: ALICE,
    seats: 1 + (input.guests?.length ?? 0) + (input.computers ?? 0),
    options: { target: 3 },
  });
  for (const guest of input.guests ?? []) await h.service.join(lobby.id, guest);
  await h.service.startGame(lobby.id, ALICE.id);
  for (let step = 0; step < 500; step++) {
    const status = await h.service.status(lobby.id);
    if (status.finished) return lobby.id;
    const state = (await h.service.getGame(lobby.id))?.state as TinyState;
    if (status.next?.human && status.next.userId && !state.mustPass) {
      await h.service.act(lobby.id, status.next.userId, { type: 'add', amount: 2 }, status.game.version);
    } else if (!(await h.clock.runNext())) {
      throw new Error('the game stalled');
    }
  }
  throw new Error('the game did not finish');
}

describe('history, summaries and replays of finished games', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it("pages through the guild's finished games, newest first, and filters by player", async () => {
    h = await makeHarness({ games: GAMES });
    const ids: string[] = [];
    for (let round = 0; round < HISTORY_PAGE_SIZE + 3; round++) {
      ids.push(
        await playTiny(h, { guests: round % 3 === 0 ? [BOB] : [], computers: round % 3 === 0 ? 0 : 1 }),
      );
      await h.clock.advance(60_000);
    }
    await playTiny(h, { guildId: 'another-guild', guests: [BOB] });
    const running = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: 'c9', host: BOB });
    await h.service.startGame(running.id, BOB.id);

    const first = await h.service.historyPage({ guildId: GUILD, gameKey: 'tiny', userId: null, page: 0 });
    expect(first).toMatchObject({ page: 0, pages: 2, total: ids.length });
    expect(first.entries.map((entry) => entry.game.id)).toEqual(
      ids.slice().reverse().slice(0, HISTORY_PAGE_SIZE),
    );
    const second = await h.service.historyPage({ guildId: GUILD, gameKey: 'tiny', userId: null, page: 1 });
    expect(second.entries.map((entry) => entry.game.id)).toEqual(ids.slice(0, 3).reverse());
    const beyond = await h.service.historyPage({ guildId: GUILD, gameKey: 'tiny', userId: null, page: 7 });
    expect(beyond.page).toBe(1);

    const bobs = await h.service.historyPage({ guildId: GUILD, gameKey: 'tiny', userId: BOB.id, page: 0 });
    expect(bobs.total).toBe(5);
    expect(bobs.pages).toBe(1);
    expect(bobs.entries.map((entry) => entry.game.id)).toEqual(ids.filter((_, i) => i % 3 === 0).reverse());
    const entry = bobs.entries[0]!;
    expect(entry.placings.map((p) => p.name).sort()).toEqual(['Alice', 'Bob']);
    expect(entry.placings.filter((p) => p.place === 1)).toHaveLength(1);
    expect(entry.moves).toBe((await h.store.games.listActions(entry.game.id)).length);
    expect(entry.game.state).toEqual((await h.service.getGame(entry.game.id))?.state);

    expect(
      await h.service.historyPage({ guildId: GUILD, gameKey: 'hare', userId: null, page: 0 }),
    ).toMatchObject({
      total: 0,
      pages: 1,
      entries: [],
    });
  });

  it('rebuilds a summary from the log and steps through a replay, each step matching the game log', async () => {
    h = await makeHarness({ games: GAMES });
    const id = await playTiny(h, { guests: [BOB] });
    const view = await h.service.finishedGame(id);
    expect(view.game.state).toEqual((await h.service.getGame(id))?.state);
    const steps = (await h.store.games.listActions(id)).length;
    const log = await h.service.history(id);

    const start = await h.service.replayFrame(id, 0);
    expect(start).toMatchObject({ step: 0, steps, lines: [], placings: null });
    expect((start.state as TinyState).counter).toBe(0);
    for (let step = 1; step <= steps; step++) {
      const frame = await h.service.replayFrame(id, step);
      expect(frame.step).toBe(step);
      expect(frame.lines).toEqual(log[step - 1]!.lines);
    }
    const end = await h.service.replayFrame(id, steps + 40);
    expect(end.step).toBe(steps);
    expect(end.state).toEqual((await h.service.getGame(id))?.state);
    expect(end.placings).toEqual(view.placings);
    expect((await h.service.replayFrame(id, -3)).step).toBe(0);

    const running = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: 'c2', host: BOB });
    await expectRefused(h, 'not_finished', () => h.service.replayFrame(running.id, 0));
    await expectRefused(h, 'not_finished', () => h.service.finishedGame(running.id));
  });
});

describe('rematch', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('opens a lobby in the same channel with the same options, the computers kept and the asker seated', async () => {
    h = await makeHarness({ games: GAMES });
    const previousId = await playTiny(h, { channel: 'c1', guests: [BOB], computers: 1 });
    const previous = (await h.service.getGame(previousId))!;

    await expectRefused(h, 'not_in_game', () => h.service.rematch(previousId, CAROL));
    const rematch = await h.service.rematch(previousId, BOB);
    expect(rematch).toMatchObject({ status: 'lobby', channelId: 'c1', guildId: GUILD, hostId: BOB.id });
    expect(rematch.id).not.toBe(previousId);
    expect(rematch.seed).not.toBe(previous.seed);
    expect(rematch.options).toEqual({ ...previous.options, hostSeated: true });
    const computers = previous.seats.filter((seat) => seat.kind === 'computer');
    expect(rematch.seats).toHaveLength(2);
    expect(rematch.seats.filter((seat) => seat.kind === 'computer')).toEqual(
      computers.map((seat) => expect.objectContaining({ name: seat.name, level: seat.level })),
    );
    expect(rematch.seats.filter((seat) => seat.kind === 'human').map((seat) => seat.userId)).toEqual([
      BOB.id,
    ]);

    await expectRefused(h, 'channel_busy', () => h.service.rematch(previousId, ALICE));
    await h.service.join(rematch.id, ALICE);
    expect((await h.service.getGame(rematch.id))?.seats.map((seat) => seat.userId)).toContain(ALICE.id);
    await h.service.startGame(rematch.id, BOB.id);
    expect((await h.service.getGame(rematch.id))?.status).toBe('active');
    await expectRefused(h, 'not_finished', () => h.service.rematch(rematch.id, BOB));
  });

  it('follows a game stopped with end as well, but not a cancelled lobby', async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: 'c1', host: ALICE });
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.endGame(lobby.id, ALICE.id, { moderator: false, name: ALICE.name });
    const rematch = await h.service.rematch(lobby.id, ALICE);
    expect(rematch).toMatchObject({ status: 'lobby', channelId: 'c1', hostId: ALICE.id });
    await h.service.cancel(rematch.id, ALICE.id);
    await expectRefused(h, 'not_finished', () => h.service.rematch(rematch.id, ALICE));
  });
});
