/**
 * The outbox: what the bot owes a channel is written before it is sent and cleared in the
 * transaction that records the outcome on the game, so that after a crash the entries left are exactly the
 * messages that may exist unknown to the database. Restarts see the same entries and the same unsettled games.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, makeHarness, openGame, type Harness } from './helpers';

let h: Harness;
let dir: string | null = null;
afterEach(async () => {
  await h.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

async function startedGame(h: Harness) {
  const lobby = await openGame(h, 'channel-1', { seats: 2 });
  await h.service.join(lobby.id, BOB);
  await h.service.startGame(lobby.id, ALICE.id);
  return lobby.id;
}

describe('the outbox', () => {
  it('records a board post on the game and clears its entry in one step', async () => {
    h = await makeHarness();
    const gameId = await startedGame(h);
    const entry = await h.service.outbox.beginPost(gameId, 'channel-1', 'board', 'b2.x');
    expect(await h.service.outbox.pendingFor(gameId)).toEqual([
      expect.objectContaining({ kind: 'board', nonce: 'b2.x', channelId: 'channel-1', attempts: 0 }),
    ]);
    await h.service.outbox.posted(entry, 'm-1');
    expect((await h.service.getGame(gameId))?.boardMessageId).toBe('m-1');
    expect(await h.service.outbox.pending()).toEqual([]);
  });

  it('records the turn mention with its key, and a summary as posted', async () => {
    h = await makeHarness();
    const gameId = await startedGame(h);
    const notice = await h.service.outbox.beginPost(gameId, 'channel-1', 'notice', 'n0.2.g');
    await h.service.outbox.posted(notice, 'm-2');
    expect(await h.service.getGame(gameId)).toMatchObject({
      turnNoticeMessageId: 'm-2',
      turnNoticeKey: 'n0.2.g',
    });
    await h.service.endGame(gameId, ALICE.id);
    expect((await h.service.getGame(gameId))?.summaryPosted).toBe(false);
    await h.service.outbox.posted(
      await h.service.outbox.beginPost(gameId, 'channel-1', 'summary', 's.g'),
      'm-3',
    );
    expect((await h.service.getGame(gameId))?.summaryPosted).toBe(true);
  });

  it("lists what the channel's other games may still show of their turn mentions", async () => {
    h = await makeHarness();
    const ended = await startedGame(h);
    await h.service.outbox.posted(
      await h.service.outbox.beginPost(ended, 'channel-1', 'notice', 'n0.1.a'),
      'm-old',
    );
    await h.service.endGame(ended, ALICE.id);
    const next = await startedGame(h);
    await h.service.outbox.beginPost(next, 'channel-1', 'notice', 'n0.1.b');
    const other = await h.service.outbox.otherMentions('channel-1', next);
    expect(other.shown).toEqual([{ gameId: ended, messageId: 'm-old' }]);
    expect(other.pending).toEqual([]);

    await h.service.outbox.beginDelete(ended, 'channel-1', 'm-old');
    const deleting = await h.service.outbox.otherMentions('channel-1', next);
    expect(deleting.shown).toEqual([]);
    expect(deleting.pending).toEqual([
      expect.objectContaining({ gameId: ended, kind: 'delete', messageId: 'm-old' }),
    ]);
    expect(await h.service.outbox.otherMentions('channel-2', next)).toEqual({ shown: [], pending: [] });
    expect((await h.service.outbox.otherMentions('channel-1', ended)).pending).toEqual([
      expect.objectContaining({ gameId: next, kind: 'notice' }),
    ]);
  });

  it("forgets the game's board when its delete begins, and keeps the delete until it is done", async () => {
    h = await makeHarness();
    const gameId = await startedGame(h);
    await h.service.outbox.posted(await h.service.outbox.beginPost(gameId, 'channel-1', 'board', 'b'), 'm-1');
    const deletion = await h.service.outbox.beginDelete(gameId, 'channel-1', 'm-1');
    expect((await h.service.getGame(gameId))?.boardMessageId).toBeNull();
    await h.service.outbox.failed(deletion);
    await h.service.outbox.failed(deletion);
    expect(await h.service.outbox.pendingFor(gameId)).toEqual([
      expect.objectContaining({ kind: 'delete', messageId: 'm-1', attempts: 2 }),
    ]);
    await h.service.outbox.clear(deletion);
    expect(await h.service.outbox.pendingFor(gameId)).toEqual([]);
  });

  it('keeps a closed game unsettled until its channel shows the end, across a restart', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-outbox-'));
    const file = path.join(dir, 'hare.db');
    h = await makeHarness({ file });
    const gameId = await startedGame(h);
    const reply = await h.service.outbox.beginReply(gameId, 'channel-1', 'token-1');
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([gameId]);
    await h.service.endGame(gameId, ALICE.id);
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([gameId]);
    await h.dispose();

    h = await makeHarness({ file });
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([gameId]);
    expect(await h.service.outbox.pending()).toEqual([
      expect.objectContaining({ id: reply.id, kind: 'reply', token: 'token-1' }),
    ]);
    await h.service.outbox.settle(gameId);
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([]);
  });

  it('does not settle an open game', async () => {
    h = await makeHarness();
    const gameId = await startedGame(h);
    await h.service.outbox.settle(gameId);
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([gameId]);
  });
});
