/**
 * The interaction tokens a game keeps (issue 43): kept in the storage for a little less than Discord's 15
 * minutes (deleted within a minute of expiring), found by the message they reach, forgotten when they expire or Discord refuses them, and left out of
 * backups. Runs on both engines.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEPT_MS, type IssuedToken } from '../../src/service/index';
import { makeHarness, openGame, tempDir, type Harness } from './helpers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

function issued(token: string, originalMessageId: string | null, issuedAt: number): IssuedToken {
  return { applicationId: 'app-1', token, originalMessageId, issuedAt };
}

describe('the interaction tokens of a game', () => {
  it('keeps a token until it is about to expire, and finds it by the messages it reaches', async () => {
    h = await makeHarness();
    const game = await openGame(h);
    const tokens = h.service.tokens;
    await tokens.keep(game.id, issued('tok-board', 'board-1', h.clock.now()));
    expect((await tokens.forMessage(game.id, 'board-1'))?.token).toBe('tok-board');
    expect(await tokens.forMessage(game.id, 'other')).toBeNull();
    const kept = (await tokens.forFollowUp(game.id))!;
    await tokens.posted(kept, 'mention-1');
    expect((await tokens.forMessage(game.id, 'mention-1'))?.token).toBe('tok-board');
    await tokens.removed(game.id, 'mention-1');
    expect(await tokens.forMessage(game.id, 'mention-1')).toBeNull();

    await h.clock.advance(TOKEN_KEPT_MS - 1000);
    expect(await tokens.live(game.id)).toHaveLength(1);
    expect(await tokens.live(game.id, 5000)).toHaveLength(0);
    await h.clock.advance(1000);
    expect(await tokens.live(game.id)).toEqual([]);
    // Expired rows are gone from the storage within a minute (one delete a minute, not one per read).
    await h.clock.advance(60_000);
    await tokens.live(game.id);
    expect(await h.sql('SELECT token FROM interaction_tokens')).toEqual([]);
  });

  it('a newer token replaces the ones it covers but two, and never one that reaches a follow-up', async () => {
    h = await makeHarness();
    const game = await openGame(h);
    const tokens = h.service.tokens;
    await tokens.keep(game.id, issued('start', 'board-1', h.clock.now()));
    await tokens.keep(game.id, issued('private', null, h.clock.now()));
    await tokens.posted(
      (await tokens.live(game.id)).find((kept) => kept.token === 'private')!,
      'mention-1',
    );
    for (const [i, token] of ['click-1', 'click-2', 'click-3'].entries()) {
      await h.clock.advance(1000 * (i + 1));
      await tokens.keep(game.id, issued(token, 'board-1', h.clock.now()));
    }
    const left = (await tokens.live(game.id)).map((kept) => kept.token).sort();
    // 'start' reaches only the board, which the three clicks reach for longer (two spare buckets kept besides
    // the newest); 'private' alone reaches mention-1.
    expect(left).toEqual(['click-1', 'click-2', 'click-3', 'private']);
    expect((await tokens.forMessage(game.id, 'board-1'))?.token).toBe('click-3');
    expect((await tokens.forMessage(game.id, 'mention-1'))?.token).toBe('private');
  });

  it('a token Discord refused is forgotten, and a token issued too long ago is not kept', async () => {
    h = await makeHarness();
    const game = await openGame(h);
    const tokens = h.service.tokens;
    await tokens.keep(game.id, issued('old', 'board-1', h.clock.now() - TOKEN_KEPT_MS - 1));
    expect(await tokens.live(game.id)).toEqual([]);
    await tokens.keep(game.id, issued('refused', 'board-1', h.clock.now()));
    await tokens.forget((await tokens.live(game.id))[0]!);
    expect(await tokens.live(game.id)).toEqual([]);
  });

  it('a backup of the database keeps no token', async () => {
    h = await makeHarness();
    const game = await openGame(h);
    await h.service.tokens.keep(game.id, issued('secret-token', 'board-1', h.clock.now()));
    const { dir, cleanup } = tempDir('hare-token-backup-');
    try {
      const target = join(dir, 'backup.db');
      await h.store.backupTo(target);
      const copy = new Database(target, { readonly: true });
      try {
        expect(copy.prepare('SELECT COUNT(*) AS n FROM interaction_tokens').get()).toEqual({ n: 0 });
        expect(copy.prepare('SELECT COUNT(*) AS n FROM games').get()).toEqual({ n: 1 });
      } finally {
        copy.close();
      }
    } finally {
      cleanup();
    }
    expect(await h.service.tokens.live(game.id)).toHaveLength(1);
  });
});
