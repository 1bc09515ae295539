/**
 * What one flush does in the channel, with fake collaborators (a channel that records edits, an outbox
 * relay that records posts and deletes) and the board's drawing replaced by a plain payload.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type Client } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { BoardPosting, type FollowedGame } from '../../../src/bot/publishing/board-posting';
import { BuriedBoardWatch, type ReadMessagesAfter } from '../../../src/bot/publishing/buried-board';
import { GameFeed } from '../../../src/bot/publishing/game-feed';
import { MoverClicks } from '../../../src/bot/publishing/mover-clicks';
import { PostingPauses } from '../../../src/bot/publishing/posting-pauses';
import type { PublishingRecords } from '../../../src/bot/publishing/records';
import { TurnMentions } from '../../../src/bot/publishing/turn-mentions';
import type { OutboxRelay } from '../../../src/bot/publishing/outbox-relay';
import type { AnyGameModule } from '../../../src/games/contract';
import { silentLogger } from '../../../src/logger';
import { FakeClock, type PublicUpdate } from '../../../src/service/index';
import type { GameInfo } from '../../../src/service/index';
import type { Renderer } from '../../../src/workers/render-pool';
import { fakeClick, fakeGame, fakeUpdate, settle } from './fakes';

/** Each board drawn: its version, and whether it went before other redraws in the render pool. */
const drawnBoards = vi.hoisted(() => [] as { version: number; urgent: boolean }[]);

vi.mock('../../../src/bot/views', () => ({
  boardPayload: async (view: { game: GameInfo }, _renderer: unknown, render?: { urgent?: boolean }) => {
    drawnBoards.push({ version: view.game.version, urgent: render?.urgent === true });
    return { content: '', embeds: [`board v${view.game.version}`] };
  },
  summaryPayload: async () => ({ content: 'summary' }),
}));

const module = {
  key: 'tiny',
  title: 'Tiny',
  commands: [],
  controls: { rows: () => [[{ kind: 'button', label: 'Go' }]] },
  rules: { observe: (state: unknown) => state },
} as unknown as AnyGameModule;

const MAX_BOARD_AGE_MS = 60_000;
const missingAccess = new DiscordAPIError(
  { code: RESTJSONErrorCodes.MissingAccess, message: 'Missing Access' },
  RESTJSONErrorCodes.MissingAccess,
  403,
  'PATCH',
  '/channels/channel/messages/1000',
  {},
);

/** A game whose board is message 1000 in `channel`, and everything a flush of it talks to, recording. */
function setUp(
  game: Partial<GameInfo> = {},
  otherMentions: { gameId: string; messageId: string }[] = [],
  settlingWaits = false,
  readHistory: ReadMessagesAfter = async () => null,
) {
  const clock = new FakeClock(100_000);
  const calls: string[] = [];
  let editError: unknown = null;
  let editsHeld: Promise<void> | null = null;
  let record = fakeGame({ boardMessageId: '1000', boardPostedAt: clock.now() - 1000, ...game });
  const channel = {
    id: 'channel',
    isSendable: () => true,
    messages: {
      edit: async (id: string, edit: { embeds: string[] }) => {
        if (editError) throw editError;
        calls.push(`edit ${id}: ${edit.embeds.join()}`);
        if (!editsHeld) return;
        await editsHeld;
        calls.push(`edited ${id}: ${edit.embeds.join()}`);
      },
    },
  };
  const client = { channels: { fetch: async () => channel } } as unknown as Client;
  const relay = {
    post: async (_channel: unknown, _gameId: string, kind: string, nonce: string) => {
      calls.push(`post ${kind} ${nonce}`);
      return { id: `posted-${kind}` };
    },
    delete: async (_channel: unknown, _gameId: string, messageId: string) =>
      void calls.push(`delete ${messageId}`),
  } as unknown as OutboxRelay;
  const records = {
    game: () => record,
    module: () => module,
    outbox: {
      pendingFor: () => [],
      settle: (id: string) => calls.push(`settled ${id}`),
      otherMentions: async () => ({ shown: otherMentions, pending: [] }),
    },
  } as unknown as PublishingRecords;
  const buried = new BuriedBoardWatch({ buriedAfter: 3 }, readHistory);
  buried.begin(1n);
  const pauses = new PostingPauses(
    { access: () => ({ missing: ['Attach Files'], canWrite: true }), send: async () => 'pause-notice' },
    silentLogger,
  );
  const posting = new BoardPosting({
    client,
    records,
    renderer: {} as Renderer,
    relay,
    buried,
    pauses,
    logger: silentLogger,
    options: { clock, maxBoardAgeMs: MAX_BOARD_AGE_MS },
    resolvePost: async () => {},
    boardShown: () => {},
    settlingWaits: () => settlingWaits,
  });
  const movers = new MoverClicks({
    logger: silentLogger,
    clock,
    upload: async () => void calls.push('answered with the board'),
  });
  const followed: FollowedGame = {
    movers,
    turns: new TurnMentions(),
    shownVersion: null,
    feed: new GameFeed(
      clock,
      { recentLines: 6, retryMs: 100, maxRetryMs: 1000, pausedRetryMs: 10_000 },
      {
        flush: () => Promise.resolve('published'),
        earlierLines: async () => [],
        settled: () => {},
        finished: () => {},
        crashed: () => {},
      },
    ),
  };
  /** Flushes the update, the database being at its version. */
  const flush = (update: PublicUpdate) => {
    record = { ...record, version: update.game.version };
    followed.turns.note(update);
    return posting.flush(record.id, followed, { update, events: [] });
  };
  /** Discord has the edits but their replies wait until the returned function is called. */
  const holdEditReplies = () => {
    let release = () => {};
    editsHeld = new Promise<void>((resolve) => (release = resolve));
    return release;
  };
  return {
    clock,
    calls,
    buried,
    pauses,
    followed,
    posting,
    holdEditReplies,
    flush,
    failEdits: (error: unknown) => (editError = error),
    setGame: (fields: Partial<GameInfo>) => (record = { ...record, ...fields }),
  };
}

const aliceToAct = (version: number) =>
  fakeUpdate({ version, seat: 1, actor: 'computer', next: { seat: 0, userId: '111' } });

/**
 * Board v2 is being sent (Discord has it, its reply is held) when Alice's click on the board of `drawnVersion`
 * moves the game to v3, and its answer begins.
 */
async function clickWhileBoardV2IsSent(drawnVersion: number) {
  const { flush, calls, followed, clock, posting, holdEditReplies } = setUp();
  const release = holdEditReplies();
  const flushing = flush(aliceToAct(2));
  await vi.waitFor(() => expect(calls).toContain('edit 1000: board v2'));
  followed.movers.register(fakeClick('click', '1000', clock.now()).interaction, drawnVersion);
  followed.feed.offer(fakeUpdate({ version: 3, seat: 0, actor: 'user', next: { seat: 1 } }), 60_000);
  return { calls, followed, release, flushing, answering: posting.answerMover('g1', followed) };
}

describe('a flush in the channel', () => {
  it('edits a fresh board in place and mentions the player to act', async () => {
    const { flush, calls, followed } = setUp();
    expect(await flush(aliceToAct(2))).toBe('published');
    expect(calls).toEqual(['edit 1000: board v2', 'post notice n0.2.g1']);
    expect(followed.shownVersion).toBe(2);
  });

  it("deletes a closed game's mention left in the channel before posting this game's first one", async () => {
    const { flush, calls } = setUp({}, [{ gameId: 'g0', messageId: '777' }]);
    await flush(aliceToAct(2));
    expect(calls).toEqual(['edit 1000: board v2', 'delete 777', 'post notice n0.2.g1']);
  });

  it('posts the board again at the bottom once three messages came after it', async () => {
    const { flush, calls, buried } = setUp();
    buried.noteMessage('channel', '1001');
    buried.noteMessage('channel', '1002');
    await flush(aliceToAct(2));
    expect(calls.shift()).toBe('edit 1000: board v2');
    calls.length = 0;
    buried.noteMessage('channel', '1003');
    await flush(aliceToAct(3));
    expect(calls).toEqual(['delete 1000', 'post board b3.g1', 'post notice n0.3.g1']);
  });

  it('shows a person their turn at once on a board posted before a restart, while its channel is read', async () => {
    const { flush, calls, buried } = setUp({}, [], false, () => new Promise(() => {}));
    buried.begin(5000n);
    expect(await flush(aliceToAct(2))).toBe('published');
    expect(calls).toEqual(['edit 1000: board v2', 'post notice n0.2.g1']);
  });

  it('posts a new board instead of editing one older than maxBoardAgeMs', async () => {
    const { flush, calls, clock } = setUp();
    await clock.advance(MAX_BOARD_AGE_MS);
    await flush(fakeUpdate({ version: 2, seat: 0, actor: 'user', next: { seat: 1 } }));
    expect(calls).toEqual(['delete 1000', 'post board b2.g1']);
  });

  it('answers the mover’s click with the board instead of editing it', async () => {
    const { flush, calls, followed, clock } = setUp();
    followed.movers.register(fakeClick('click', '1000', clock.now()).interaction);
    await flush(fakeUpdate({ version: 2, seat: 0, actor: 'user', next: { seat: 1 } }));
    expect(calls).toEqual(['answered with the board']);
  });

  it('answers a click on the board being sent at once, and keeps the newer board it showed', async () => {
    // Alice clicked a control of board v2: Discord has it, only its reply is still on its way.
    const { calls, followed, release, flushing, answering } = await clickWhileBoardV2IsSent(2);
    await vi.waitFor(() => expect(calls).toEqual(['edit 1000: board v2', 'answered with the board']));
    release();
    await answering;
    expect(await flushing).toBe('published');
    expect(followed.shownVersion, 'the flush of v2 ends after the answer with v3').toBe(3);
  });

  it('holds a click on an older board until the board being sent is out', async () => {
    const { calls, release, flushing, answering } = await clickWhileBoardV2IsSent(1);
    await settle();
    expect(calls).toEqual(['edit 1000: board v2']);
    release();
    await answering;
    expect(calls.slice(0, 3)).toEqual([
      'edit 1000: board v2',
      'edited 1000: board v2',
      'answered with the board',
    ]);
    await flushing;
  });

  it("draws a restart's board that shows a person their turn before other redraws, and a computer's not", async () => {
    drawnBoards.length = 0;
    await setUp({}, [], true).flush(aliceToAct(2));
    await setUp({}, [], false).flush(aliceToAct(2));
    await setUp({}, [], true).flush(
      fakeUpdate({ version: 3, seat: 0, actor: 'computer', next: { seat: 1 } }),
    );
    expect(drawnBoards).toEqual([
      { version: 2, urgent: true },
      { version: 2, urgent: false },
      { version: 3, urgent: false },
    ]);
  });

  it('never draws a board older than the one shown (the next click was answered with its own meanwhile)', async () => {
    const { flush, calls, followed } = setUp();
    followed.shownVersion = 3;
    expect(await flush(aliceToAct(2))).toBe('published');
    expect(
      calls.filter((call) => call.startsWith('edit')),
      'the board v3 stays',
    ).toEqual([]);
    expect(followed.shownVersion).toBe(3);
  });

  it('fails for now on a server error, and pauses (telling the channel once) on missing access', async () => {
    const { flush, calls, failEdits, pauses, followed, setGame } = setUp();
    failEdits(new Error('502 Bad Gateway'));
    expect(await flush(aliceToAct(2))).toBe('failed');
    failEdits(missingAccess);
    expect(await flush(aliceToAct(2))).toBe('paused');
    expect(pauses.reason('g1')).toBe('I am missing the permission **Attach Files**');
    failEdits(null);
    setGame({ turnNoticeMessageId: '1500', turnNoticeKey: 'n0.2.g1' });
    expect(await flush(aliceToAct(2))).toBe('published');
    expect(calls, 'the pause notice goes once posting works').toEqual([
      'edit 1000: board v2',
      'delete pause-notice',
    ]);
    expect(pauses.reason('g1')).toBeNull();
    expect(followed.shownVersion).toBe(2);
  });

  it('posts the summary when the game is over and settles its messages', async () => {
    const { flush, calls, setGame } = setUp();
    setGame({ summaryPosted: false, endReason: 'completed' });
    const over = { ...fakeUpdate({ version: 9, finished: true }), placings: [] } as unknown as PublicUpdate;
    await flush(over);
    await settle();
    expect(calls).toEqual(['edit 1000: board v9', 'post summary s0.g1', 'settled g1']);
  });
});
