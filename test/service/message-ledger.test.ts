/**
 * The message ledger (the outbox): what the bot owes a channel is written before it is sent and cleared in the
 * transaction that records the outcome on the game, so that after a crash the entries left are exactly the
 * messages that may exist unknown to the database. Restarts see the same entries and the same unsettled games.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index';
import { ALICE, BOB, makeHarness, openGame, type Harness } from './helpers';

let h: Harness;
let dir: string | null = null;
afterEach(() => {
  h.service.stop();
  h.store.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function startedGame(h: Harness) {
  const lobby = openGame(h, 'channel-1', { seats: 2 });
  h.service.join(lobby.id, BOB);
  h.service.startGame(lobby.id, ALICE.id);
  return lobby.id;
}

describe('the message ledger', () => {
  it('records a board post on the game and clears its entry in one step', () => {
    h = makeHarness();
    const gameId = startedGame(h);
    const entry = h.service.messages.beginPost(gameId, 'channel-1', 'board', 'b2.x');
    expect(h.service.messages.pendingFor(gameId)).toEqual([
      expect.objectContaining({ kind: 'board', nonce: 'b2.x', channelId: 'channel-1', attempts: 0 }),
    ]);
    h.service.messages.posted(entry, 'm-1');
    expect(h.service.getGame(gameId)?.boardMessageId).toBe('m-1');
    expect(h.service.messages.pending()).toEqual([]);
  });

  it('records the turn mention with its key, and a summary as posted', () => {
    h = makeHarness();
    const gameId = startedGame(h);
    const notice = h.service.messages.beginPost(gameId, 'channel-1', 'notice', 'n0.2.g');
    h.service.messages.posted(notice, 'm-2');
    expect(h.service.getGame(gameId)).toMatchObject({ turnNoticeMessageId: 'm-2', turnNoticeKey: 'n0.2.g' });
    h.service.endGame(gameId, ALICE.id);
    expect(h.service.getGame(gameId)?.summaryPosted).toBe(false);
    h.service.messages.posted(h.service.messages.beginPost(gameId, 'channel-1', 'summary', 's.g'), 'm-3');
    expect(h.service.getGame(gameId)?.summaryPosted).toBe(true);
  });

  it("forgets the game's board when its delete begins, and keeps the delete until it is done", () => {
    h = makeHarness();
    const gameId = startedGame(h);
    h.service.messages.posted(h.service.messages.beginPost(gameId, 'channel-1', 'board', 'b'), 'm-1');
    const deletion = h.service.messages.beginDelete(gameId, 'channel-1', 'm-1');
    expect(h.service.getGame(gameId)?.boardMessageId).toBeNull();
    h.service.messages.failed(deletion);
    h.service.messages.failed(deletion);
    expect(h.service.messages.pendingFor(gameId)).toEqual([
      expect.objectContaining({ kind: 'delete', messageId: 'm-1', attempts: 2 }),
    ]);
    h.service.messages.clear(deletion);
    expect(h.service.messages.pendingFor(gameId)).toEqual([]);
  });

  it('keeps a closed game unsettled until its channel shows the end, across a restart', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-ledger-'));
    const file = path.join(dir, 'hare.db');
    h = makeHarness({ file });
    const gameId = startedGame(h);
    const reply = h.service.messages.beginReply(gameId, 'channel-1', 'token-1');
    expect(h.service.messages.unsettledGames()).toEqual([gameId]);
    h.service.endGame(gameId, ALICE.id);
    expect(h.service.messages.unsettledGames()).toEqual([gameId]);
    h.service.stop();
    h.store.close();

    h = makeHarness({ file, store: openStore(file) });
    expect(h.service.messages.unsettledGames()).toEqual([gameId]);
    expect(h.service.messages.pending()).toEqual([
      expect.objectContaining({ id: reply.id, kind: 'reply', token: 'token-1' }),
    ]);
    h.service.messages.settle(gameId);
    expect(h.service.messages.unsettledGames()).toEqual([]);
  });

  it('does not settle an open game', () => {
    h = makeHarness();
    const gameId = startedGame(h);
    h.service.messages.settle(gameId);
    expect(h.service.messages.unsettledGames()).toEqual([gameId]);
  });
});
