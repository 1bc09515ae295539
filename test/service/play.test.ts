import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hare/rules/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import {
  AI_DELAY,
  ALICE,
  BOB,
  CAROL,
  GUILD,
  HUMAN_TIMEOUT,
  expectRefused,
  humanChoice,
  makeHarness,
  openGame,
  playToEnd,
  snapshot,
  tempDir,
  testLocation,
  type Harness,
} from './helpers';

/** Alice (host) and Bob seated, two novice computers after them, game started. */
async function startTwoHumans(h: Harness, channel = 'c1', extra = {}) {
  const lobby = await openGame(h, channel, { computerLevel: 'novice', ...extra });
  await h.service.join(lobby.id, BOB);
  await h.service.startGame(lobby.id, ALICE.id);
  return lobby.id;
}

describe('playing through the service', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('applies a legal action, bumps the version and logs it in one row', async () => {
    h = await makeHarness();
    const id = await startTwoHumans(h);
    const update = await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
    expect(update).toMatchObject({ cause: 'action', seat: 0, actor: { kind: 'user', userId: ALICE.id } });
    expect(update.game.version).toBe(2);
    expect((update.state as GameState).seats[0]?.position).toBe(2);
    expect(update.events[0]).toMatchObject({ type: 'move', seat: 0, from: 0, to: 2 });
    expect(update.lines[0]).toMatch(/^Alice moves from the start to square 2 /);
    expect(update.next).toMatchObject({ seat: 1, human: true, userId: BOB.id });
    expect(await h.store.games.listActions(id)).toEqual([
      {
        gameId: id,
        seq: 1,
        seat: 0,
        actor: ALICE.id,
        action: { type: 'move', to: 2 },
        createdAt: h.clock.now(),
      },
    ]);
    expect(await h.service.getGame(id)).toMatchObject({
      version: 2,
      nextDueAt: h.clock.now() + HUMAN_TIMEOUT,
    });
  });

  describe('refuses bad input with a typed error and changes nothing', () => {
    it('not your turn, not in this game', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await expectRefused(h, 'not_your_turn', () => h.service.act(id, BOB.id, { type: 'move', to: 2 }, 1));
      await expectRefused(h, 'not_in_game', () => h.service.act(id, 'stranger', { type: 'move', to: 2 }, 1));
      await expectRefused(h, 'not_in_game', () => h.service.leaveGame(id, 'stranger'));
    });

    it('an illegal action, with the engine code and reason', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      const error = await expectRefused(h, 'illegal_action', () =>
        h.service.act(id, ALICE.id, { type: 'move', to: 11 }, 1),
      );
      expect(error.illegal).toBe('tortoise_forward');
      const eat = await expectRefused(h, 'illegal_action', () =>
        h.service.act(id, ALICE.id, { type: 'eat' }, 1),
      );
      expect(eat.illegal).toBe('not_lettuce_square');
    });

    it('a stale version (an old button), before or after other moves', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await expectRefused(h, 'stale_version', () => h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 0));
      await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
      await expectRefused(h, 'stale_version', () => h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1));
      await expectRefused(h, 'stale_version', () => h.service.act(id, BOB.id, { type: 'move', to: 3 }, 1));
    });

    it('game over', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h, 'c1', { turnLimit: 2 });
      await playToEnd(h, id);
      await expectRefused(h, 'game_over', () => h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 99));
      await expectRefused(h, 'game_over', () => h.service.leaveGame(id, ALICE.id));
      await expectRefused(h, 'game_over', () => h.service.endGame(id, ALICE.id));
      await expectRefused(h, 'game_over', () => h.service.cancel(id, ALICE.id));
    });
  });

  describe('concurrency', () => {
    it('the same action sent twice at once is applied once', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      const send = async () => h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
      const results = await Promise.allSettled([send(), send()]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.status === 'rejected' && rejected.reason).toMatchObject({ code: 'stale_version' });
      expect(await h.store.games.listActions(id)).toHaveLength(1);
      expect((await h.service.getGame(id))?.version).toBe(2);
    });

    it('a write computed from a stale read is refused by the version-checked update', async () => {
      const file = await testLocation();
      {
        h = await makeHarness({ file });
        const id = await startTwoHumans(h);
        const second = await makeHarness({ file, clock: h.clock });
        const staleRead = await second.store.games.getGame(id);
        second.store.games.getGame = async () => staleRead;
        await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
        const before = await snapshot(h.store);
        await expect(second.service.act(id, ALICE.id, { type: 'move', to: 3 }, 1)).rejects.toThrow(
          expect.objectContaining({ code: 'stale_version' }),
        );
        expect(await snapshot(h.store)).toEqual(before);
        expect(second.updates).toEqual([]);
        await second.dispose();
        await h.dispose();
        h = await makeHarness();
      }
    });
  });

  describe('idle humans', () => {
    it("policy 'computer': after the timeout a computer plays that one turn, logged as 'timeout'", async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await h.clock.advance(HUMAN_TIMEOUT - 1);
      expect(await h.store.games.listActions(id)).toHaveLength(0);
      await h.clock.advance(1);
      expect(await h.store.games.listActions(id)).toMatchObject([{ seq: 1, seat: 0, actor: 'timeout' }]);
      const update = h.updates.at(-1);
      expect(update?.actor).toEqual({ kind: 'timeout', userId: ALICE.id, policy: 'computer' });
      expect(update?.lines[0]).toBe('Alice ran out of time; a computer plays this turn');
      expect(update?.next).toMatchObject({ seat: 1, human: true, userId: BOB.id });
      expect((await h.service.getGame(id))?.seats[0]).toMatchObject({ kind: 'human', userId: ALICE.id });
      expect((await h.service.history(id))[0]?.actor).toEqual({
        kind: 'timeout',
        userId: ALICE.id,
        policy: 'computer',
      });
    });

    it("policy 'skip': the engine's forfeitTurn is applied and logged as 'timeout'", async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h, 'c1', { idlePolicy: 'skip' });
      await h.clock.advance(HUMAN_TIMEOUT);
      expect(await h.store.games.listActions(id)).toMatchObject([
        { seq: 1, seat: 0, actor: 'timeout', action: { type: 'forfeit' } },
      ]);
      const update = h.updates.at(-1);
      expect(update?.events[0]).toMatchObject({ type: 'forfeit', seat: 0 });
      expect((update?.state as GameState | undefined)?.seats[0]?.position).toBe(0);
      expect(update?.next?.seat).toBe(1);
      expect((await h.service.replayCheck(id)).ok).toBe(true);
    });

    it('a human acting in time cancels the timeout', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await h.clock.advance(HUMAN_TIMEOUT - 10);
      await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
      await h.clock.advance(20);
      expect(await h.store.games.listActions(id)).toHaveLength(1);
      expect(h.service.armedTimerCount()).toBe(1);
    });
  });

  describe('leaving, ending and cancelling a running game', () => {
    it('a player who leaves is replaced by a computer; the game goes on; the stats count a left game', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h, 'c1', { turnLimit: 10 });
      const update = await h.service.leaveGame(id, BOB.id);
      expect(update.cause).toBe('seat-left');
      expect(update.game.seats[1]).toMatchObject({
        kind: 'computer',
        level: 'novice',
        userId: BOB.id,
        left: true,
      });
      expect(update.lines[0]).toMatch(/^Bob left the game/);
      await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
      expect((await h.service.status(id)).next).toMatchObject({ seat: 1, human: false });
      await expectRefused(h, 'not_in_game', () => h.service.act(id, BOB.id, { type: 'move', to: 3 }, 2));
      await h.clock.advance(AI_DELAY);
      expect((await h.store.games.listActions(id))[1]).toMatchObject({ seat: 1, actor: 'computer' });
      await playToEnd(h, id);
      expect(await h.service.stats(GUILD, 'hare', BOB.id)).toMatchObject({
        games: 1,
        wins: 0,
        placeSum: 4,
        gamesLeft: 1,
      });
      expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 1, gamesLeft: 0 });
    });

    it('leaving on your own turn hands the turn to the computer after the AI delay', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await h.service.resign(id, ALICE.id);
      expect((await h.service.getGame(id))?.nextDueAt).toBe(h.clock.now() + AI_DELAY);
      await h.clock.advance(AI_DELAY);
      expect(await h.store.games.listActions(id)).toMatchObject([{ seq: 1, seat: 0, actor: 'computer' }]);
    });

    it('endGame by a moderator not playing: finished by race position, no statistics, channel free', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      await h.service.act(id, ALICE.id, { type: 'move', to: 3 }, 1);
      await expectRefused(h, 'not_host', () => h.service.endGame(id, BOB.id));
      await expectRefused(h, 'not_host', () => h.service.endGame(id, CAROL.id));
      const update = await h.service.endGame(id, CAROL.id, { moderator: true });
      expect(update).toMatchObject({ cause: 'ended', finished: true, next: null });
      expect(update.game).toMatchObject({
        status: 'finished',
        endReason: 'ended',
        nextDueAt: null,
        version: 3,
      });
      expect(update.lines).toEqual([
        'Stopped by a moderator before the end: no winner, and the game counts for nobody',
      ]);
      expect(update.placings?.[0]).toMatchObject({ place: 1, userId: ALICE.id });
      expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toBeNull();
      expect(h.service.armedTimerCount()).toBe(0);
      expect(await h.service.findActiveGameInChannel('c1')).toBeNull();
      expect((await h.service.replayCheck(id)).ok).toBe(true);
    });

    it('cancel a running game: status cancelled, no placings', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      const game = await h.service.cancel(id, ALICE.id);
      expect(game).toMatchObject({ status: 'cancelled', endReason: 'cancelled', nextDueAt: null });
      expect(h.updates.at(-1)).toMatchObject({ cause: 'cancelled', finished: true, placings: null });
      expect(h.service.armedTimerCount()).toBe(0);
    });
  });

  describe('timers and listeners', () => {
    it('never arms two timers for one game, even when started twice', async () => {
      h = await makeHarness();
      const first = await startTwoHumans(h, 'c1');
      const lobby = await openGame(h, 'c2', { hostSeated: false, seats: 3 });
      await h.service.startGame(lobby.id, ALICE.id);
      await h.service.start();
      expect(h.service.armedTimerCount()).toBe(2);
      expect(h.clock.pendingCount()).toBe(2);
      await h.service.act(first, ALICE.id, { type: 'move', to: 2 }, 1);
      await h.clock.advance(AI_DELAY * 3);
      expect(h.clock.pendingCount()).toBe(2);
      h.service.stop();
      expect(h.clock.pendingCount()).toBe(0);
      await h.clock.advance(HUMAN_TIMEOUT * 2);
      expect(await h.store.games.listActions(lobby.id)).toHaveLength(3);
    });

    it('a game overdue at start acts at once', async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1', { hostSeated: false, seats: 2 });
      await h.service.startGame(lobby.id, ALICE.id);
      h.service.stop();
      await h.clock.advance(AI_DELAY * 10);
      await h.service.start();
      await h.clock.advance(0);
      expect(await h.store.games.listActions(lobby.id)).toHaveLength(1);
    });

    it('a listener that throws does not break the service or the other listeners', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      h.service.on('update', () => {
        throw new Error('listener broke');
      });
      const seen: number[] = [];
      h.service.on('update', (u) => seen.push(u.game.version));
      await h.service.act(id, ALICE.id, { type: 'move', to: 2 }, 1);
      await h.clock.advance(HUMAN_TIMEOUT);
      expect(seen).toEqual([2, 3]);
      expect(h.errors).toHaveLength(2);
      expect(h.errors[0]?.context).toMatch(/listener/);
      expect(await h.store.games.listActions(id)).toHaveLength(2);
    });

    it('unsubscribing stops the updates', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h);
      const seen: number[] = [];
      const off = h.service.on('update', (u) => seen.push(u.game.version));
      await h.service.act(id, ALICE.id, (await humanChoice(h, id)).action, 1);
      off();
      await h.clock.advance(HUMAN_TIMEOUT);
      expect(seen).toEqual([2]);
    });
  });

  it('stores the bot message ids', async () => {
    h = await makeHarness();
    const id = await startTwoHumans(h);
    await h.service.setBoardMessage(id, 'msg-1', 1234);
    await h.service.setTurnNotice(id, 'msg-2');
    expect(await h.service.getGame(id)).toMatchObject({
      boardMessageId: 'msg-1',
      boardPostedAt: 1234,
      turnNoticeMessageId: 'msg-2',
    });
    await h.service.setTurnNotice(id, null);
    expect((await h.service.getGame(id))?.turnNoticeMessageId).toBeNull();
  });

  describe('replayCheck', () => {
    it('reports a stored state that the log does not reproduce', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h, 'c1', { turnLimit: 3 });
      await playToEnd(h, id);
      expect((await h.service.replayCheck(id)).ok).toBe(true);
      const stored = (await h.service.getGame(id))?.state;
      const tampered = { ...(stored as GameState), turn: 99 };
      await h.sql('UPDATE games SET state = ? WHERE id = ?', JSON.stringify(tampered), id);
      expect(await h.service.replayCheck(id)).toMatchObject({ ok: false, path: '$.turn', stored: 99 });
    });

    it('reports a gap in the log', async () => {
      h = await makeHarness();
      const id = await startTwoHumans(h, 'c1', { turnLimit: 3 });
      await playToEnd(h, id);
      await h.sql('DELETE FROM actions WHERE game_id = ? AND seq = 2', id);
      expect(await h.service.replayCheck(id)).toMatchObject({ ok: false, atSeq: 3, path: 'seq[1]' });
    });
  });

  it('opens the database file in a folder it creates', async () => {
    const { dir, cleanup } = tempDir('hare-folder-');
    try {
      const file = `${dir}/nested/deeper/hare.db`;
      const storage = openSqliteStorage(file);
      // The journal mode is the file's: a second connection reads it.
      const db = new Database(file);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
      await storage.close();
    } finally {
      cleanup();
    }
    h = await makeHarness();
  });
});
