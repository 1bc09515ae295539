import { describe, expect, it } from 'vitest';
import { TurnMentions } from '../../../src/bot/publishing/turn-mentions';
import type { AnyGameModule } from '../../../src/games/contract';
import { fakeGame, fakeUpdate } from './fakes';

/** A game with one button and no play commands. */
const module = {
  key: 'tiny',
  title: 'Tiny',
  commands: [],
  controls: { rows: () => [[{ kind: 'button', label: 'Go' }]] },
  rules: { observe: (state: unknown) => state },
} as unknown as AnyGameModule;

const ALICE = '111';
const BOB = '222';

describe('the turn mentions', () => {
  it('mention the player to act, with the board and what the others did since their last move', () => {
    const mentions = new TurnMentions();
    mentions.note(
      fakeUpdate({
        version: 1,
        seat: 0,
        actor: 'user',
        lines: ['Alice rolls'],
        next: { seat: 1, userId: BOB },
      }),
    );
    const update = fakeUpdate({
      version: 2,
      seat: 1,
      actor: 'user',
      lines: ['Bob stops'],
      next: { seat: 0, userId: ALICE },
    });
    mentions.note(update);
    const game = fakeGame({ version: 2, boardMessageId: '900' });
    expect(mentions.plan(game, update, module)).toEqual({
      remove: null,
      post: {
        nonce: 'n0.2.g1',
        userId: ALICE,
        content:
          '<@111>, your turn in Tiny — press **Go** under the board. The board: https://discord.com/channels/guild/channel/900\nSince your last turn:\n• Bob stops',
      },
    });
  });

  it('keep the mention of a seat that acts again, and replace it when the turn passes', () => {
    const mentions = new TurnMentions();
    const first = fakeUpdate({ version: 3, seat: 1, actor: 'user', next: { seat: 0, userId: ALICE } });
    mentions.note(first);
    const shown = fakeGame({ version: 3, turnNoticeMessageId: '950', turnNoticeKey: 'n0.3.g1' });
    const again = fakeUpdate({ version: 4, seat: 0, actor: 'user', next: { seat: 0, userId: ALICE } });
    mentions.note(again);
    expect(mentions.plan({ ...shown, version: 4 }, again, module)).toEqual({ remove: null, post: null });
    const passed = fakeUpdate({ version: 5, seat: 0, actor: 'user', next: { seat: 1, userId: BOB } });
    mentions.note(passed);
    const plan = mentions.plan({ ...shown, version: 5 }, passed, module);
    expect(plan.remove).toBe('950');
    expect(plan.post?.nonce).toBe('n1.5.g1');
    expect(plan.post?.userId).toBe(BOB);
  });

  it('remove the mention when a computer is to act or the game is over', () => {
    const mentions = new TurnMentions();
    const shown = fakeGame({ turnNoticeMessageId: '950', turnNoticeKey: 'n0.3.g1' });
    const computer = fakeUpdate({ version: 4, seat: 0, actor: 'user', next: { seat: 1 } });
    mentions.note(computer);
    expect(mentions.plan(shown, computer, module)).toEqual({ remove: '950', post: null });
    const over = fakeUpdate({ version: 5, finished: true, next: { seat: 0, userId: ALICE } });
    expect(mentions.plan(shown, over, module)).toEqual({ remove: '950', post: null });
    expect(mentions.plan(fakeGame(), over, module)).toEqual({ remove: null, post: null });
  });

  it('post none for an update a later end supersedes (noted after it, or already recorded)', () => {
    const mentions = new TurnMentions();
    const passed = fakeUpdate({ version: 4, seat: 0, actor: 'user', next: { seat: 1, userId: BOB } });
    mentions.note(passed);
    const shown = fakeGame({ version: 4, turnNoticeMessageId: '950', turnNoticeKey: 'n0.3.g1' });
    expect(mentions.plan(fakeGame({ version: 5, status: 'finished' }), passed, module).post).toBeNull();
    expect(mentions.plan(shown, passed, module).post?.userId).toBe(BOB);
    mentions.note(fakeUpdate({ version: 5, finished: true, lines: ['Stopped by Mod'] }));
    expect(mentions.plan(shown, passed, module)).toEqual({ remove: '950', post: null });
  });

  it('post none for a turn a later update took from its player (they left the seat, or moved already)', () => {
    const mentions = new TurnMentions();
    const started = fakeUpdate({ version: 1, next: { seat: 0, userId: ALICE } });
    mentions.note(started);
    expect(mentions.plan(fakeGame({ version: 1 }), started, module).post?.userId).toBe(ALICE);
    // Alice leaves before the mention is posted: a computer takes her seat, and its turn (at the same version).
    mentions.note(fakeUpdate({ version: 1, seat: 0, actor: 'user', next: { seat: 0 } }));
    expect(mentions.plan(fakeGame({ version: 1 }), started, module)).toEqual({ remove: null, post: null });
    // An update of an older version noted late changes nothing.
    const late = new TurnMentions();
    late.note(started);
    late.note(fakeUpdate({ version: 0, next: { seat: 1, userId: BOB } }));
    expect(late.plan(fakeGame({ version: 1 }), started, module).post?.userId).toBe(ALICE);

    const again = new TurnMentions();
    again.note(started);
    again.note(fakeUpdate({ version: 2, seat: 0, actor: 'user', next: { seat: 1, userId: BOB } }));
    const shown = fakeGame({ version: 2, turnNoticeMessageId: '950', turnNoticeKey: 'n0.1.g1' });
    expect(again.plan(shown, started, module)).toEqual({ remove: '950', post: null });
  });

  it('keep, after a restart, the mention the seat still to act has', () => {
    const restarted = new TurnMentions();
    const shown = fakeGame({ version: 7, turnNoticeMessageId: '950', turnNoticeKey: 'n0.3.g1' });
    const update = fakeUpdate({ version: 7, next: { seat: 0, userId: ALICE } });
    expect(restarted.plan(shown, update, module)).toEqual({ remove: null, post: null });
  });

  it('do not tell a player their own moves', () => {
    const mentions = new TurnMentions();
    mentions.note(
      fakeUpdate({
        version: 1,
        seat: 0,
        actor: 'user',
        lines: ['Alice rolls'],
        next: { seat: 0, userId: ALICE },
      }),
    );
    const update = fakeUpdate({
      version: 2,
      seat: 0,
      actor: 'user',
      lines: ['Alice rolls again'],
      next: { seat: 0, userId: ALICE },
    });
    mentions.note(update);
    expect(mentions.plan(fakeGame({ version: 2 }), update, module).post?.content).not.toContain(
      'Since your last turn',
    );
  });
});
