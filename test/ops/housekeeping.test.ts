import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { verifyDatabase } from '../../src/service/verify';
import { OUTBOX_MAX_AGE_MS } from '../../src/store/index';
import { BOB, GUILD, makeHarness, openGame, playToEnd, tempDir } from '../service/helpers';

const DAY = 24 * 60 * 60_000;
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function finishedGamesOnFile(count: number) {
  const { dir, cleanup } = tempDir('hare-housekeeping-');
  cleanups.push(cleanup);
  const file = path.join(dir, 'hare.db');
  const h = await makeHarness({ file });
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const lobby = await openGame(h, `channel-${n}`);
    await h.service.join(lobby.id, BOB);
    await h.service.addComputer(lobby.id, '100');
    await h.service.startGame(lobby.id, '100');
    await playToEnd(h, lobby.id);
    // The bot settles a finished game's channel once its summary is posted.
    await h.store.games.settleChannel(lobby.id, h.clock.now());
    ids.push(lobby.id);
  }
  return { h, file, ids };
}

describe('housekeeping', () => {
  it('pruning the outbox keeps every finished game replayable', async () => {
    const { h, file, ids } = await finishedGamesOnFile(2);
    const now = h.clock.now();
    await h.store.outbox.add(
      { gameId: ids[0]!, channelId: 'channel-0', kind: 'delete', messageId: '1' },
      now - OUTBOX_MAX_AGE_MS - 1,
    );
    await h.store.outbox.add(
      { gameId: ids[1]!, channelId: 'channel-1', kind: 'delete', messageId: '2' },
      now,
    );
    expect(await h.store.maintenance.pruneOutbox(now)).toBe(1);
    expect(await h.store.maintenance.outboxDepth()).toBe(1);
    await h.dispose();
    const report = await verifyDatabase(file, GAMES);
    expect(report).toMatchObject({ verified: 2, failed: 0 });
  });

  it('a retention removes the moves of old finished games, keeping their history, summary and ratings', async () => {
    const { h, file, ids } = await finishedGamesOnFile(2);
    const [old, recent] = ids as [string, string];
    const ratingsBefore = await h.sql('SELECT * FROM ratings ORDER BY player_id');
    const placesBefore = (await h.service.finishedGame(old)).placings;
    const moves = (await h.store.games.listActions(old)).length;
    // The old game finished 100 days before the retention runs; the recent one 10 days before.
    await h.sql('UPDATE games SET finished_at = ? WHERE id = ?', h.clock.now() - 100 * DAY, old);
    await h.sql('UPDATE games SET finished_at = ? WHERE id = ?', h.clock.now() - 10 * DAY, recent);
    // A lobby closed before it started, long ago: nothing of it is kept.
    const lobby = await openGame(h, 'channel-lobby');
    await h.service.cancel(lobby.id, '100');
    await h.store.games.settleChannel(lobby.id, h.clock.now());
    await h.sql('UPDATE games SET updated_at = ? WHERE id = ?', h.clock.now() - 100 * DAY, lobby.id);

    expect(await h.store.maintenance.applyRetention(h.clock.now(), 30)).toEqual({
      logsRemoved: 1,
      lobbiesDeleted: 1,
    });
    expect(await h.store.games.getGame(lobby.id)).toBeNull();
    expect(await h.store.games.listActions(old)).toEqual([]);
    expect((await h.store.games.listActions(recent)).length).toBeGreaterThan(0);

    const page = await h.service.historyPage({ guildId: GUILD, gameKey: 'hare', userId: null, page: 0 });
    const kept = page.entries.find((entry) => entry.game.id === old)!;
    expect(kept.placings).toEqual(placesBefore);
    expect(kept.moves).toBe(moves);
    expect((await h.service.finishedGame(old)).placings).toEqual(placesBefore);
    await expect(h.service.replayFrame(old, 1)).rejects.toThrow(
      /removed after the server's retention period/,
    );
    expect((await h.service.replayFrame(recent, 1)).step).toBe(1);
    expect(await h.sql('SELECT * FROM ratings ORDER BY player_id')).toEqual(ratingsBefore);
    // Applying it again changes nothing.
    expect(await h.store.maintenance.applyRetention(h.clock.now(), 30)).toEqual({
      logsRemoved: 0,
      lobbiesDeleted: 0,
    });

    await h.dispose();
    const report = await verifyDatabase(file, GAMES);
    expect(report).toMatchObject({ verified: 2, failed: 0 });
    expect(report.lines.find((line) => line.includes(old))).toMatch(
      new RegExp(`^ok {3}${old} hare finished, ${moves} moves removed by the retention$`),
    );
  });
});
