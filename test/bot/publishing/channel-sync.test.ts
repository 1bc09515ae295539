/**
 * Settling a channel after a start, with fake collaborators: unconfirmed posts resolved by their nonce, and a
 * lobby's message redrawn (the drawing itself replaced by a plain payload).
 */
import type { Client } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { ChannelSync, NONCE_LIFETIME_MS } from '../../../src/bot/publishing/channel-sync';
import { LATE_LOOKS_MS } from '../../../src/bot/publishing/late-follow-ups';
import type { PublishingRecords } from '../../../src/bot/publishing/records';
import type { OutboxRelay } from '../../../src/bot/publishing/outbox-relay';
import { silentLogger } from '../../../src/logger';
import { FakeClock, FOLLOW_UP_MARK } from '../../../src/service/index';
import type { GameInfo, OutboxEntry } from '../../../src/service/index';
import type { Renderer } from '../../../src/workers/render-pool';
import { fakeGame } from './fakes';

vi.mock('../../../src/bot/views', () => ({
  lobbyPayload: () => ({ content: 'lobby' }),
  closedLobbyPayload: (_module: unknown, _game: unknown, text: string) => ({ content: text }),
  summaryPayload: async () => ({ content: 'summary' }),
}));

function setUp(game: GameInfo | null, replyPending = false, followUpInDoubt = false, sending = false) {
  const clock = new FakeClock(1_000_000);
  const calls: string[] = [];
  const channel = {
    id: 'channel',
    isSendable: () => true,
    send: async (options: { nonce: string }) => {
      calls.push(`send with nonce ${options.nonce}`);
      return { id: 'found' };
    },
    messages: {
      edit: async (id: string, payload: { content: string }) =>
        void calls.push(`edit ${id}: ${payload.content}`),
    },
  };
  const records = {
    game: () => game,
    module: () => ({ key: 'tiny' }),
    closedLobbyText: () => 'The lobby was closed.',
    outbox: {
      clear: (entry: OutboxEntry) => void calls.push(`clear ${entry.id}`),
      settle: (gameId: string) => void calls.push(`settle ${gameId}`),
      replyPending: () => replyPending,
      otherMentions: async () => ({ shown: [], pending: [] }),
    },
  } as unknown as PublishingRecords;
  const relay = {
    post: async (_channel: unknown, _gameId: string, kind: string, nonce: string) =>
      void calls.push(`post ${kind} ${nonce}`),
    delete: async (_channel: unknown, _gameId: string, messageId: string) =>
      void calls.push(`delete ${messageId}`),
    underWay: {
      followUpInDoubt: () => followUpInDoubt,
      isSending: () => sending,
      isSendingIn: () => sending,
    },
  } as unknown as OutboxRelay;
  const sync = new ChannelSync({
    // The channel shows no message of the bot's (a follow-up looked for is not there).
    client: {
      channels: { fetch: async () => channel },
      rest: {
        get: async () => {
          calls.push('look in the channel');
          return [];
        },
      },
    } as unknown as Client,
    records,
    renderer: {} as Renderer,
    relay,
    logger: silentLogger,
    options: { clock },
  });
  const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
    id: 7,
    gameId: 'g1',
    channelId: 'channel',
    kind: 'board',
    nonce: 'b3.g1',
    token: null,
    messageId: null,
    attempts: 0,
    createdAt: clock.now() - 1000,
    ...fields,
  });
  return { sync, calls, entry, clock };
}

describe('settling a channel', () => {
  it('finds an unconfirmed board by its nonce and deletes it', async () => {
    const { sync, calls, entry } = setUp(fakeGame());
    await sync.resolvePost(entry({}));
    expect(calls).toEqual(['send with nonce b3.g1', 'clear 7', 'delete found']);
  });

  it('gives up a post older than Discord keeps nonces, or of a game that is gone', async () => {
    const old = setUp(fakeGame());
    await old.sync.resolvePost(old.entry({ createdAt: 1_000_000 - NONCE_LIFETIME_MS - 1 }));
    expect(old.calls).toEqual(['clear 7']);
    const gone = setUp(null);
    await gone.sync.resolvePost(gone.entry({}));
    expect(gone.calls).toEqual(['clear 7']);
  });

  it('waits for a follow-up whose attempt got no answer lately, instead of taking it as never posted', async () => {
    const summary = { kind: 'summary' as const, nonce: null, token: FOLLOW_UP_MARK };
    const doubtful = setUp(fakeGame(), false, true);
    await expect(doubtful.sync.resolvePost(doubtful.entry(summary))).rejects.toThrow(/may still arrive/);
    expect(doubtful.calls).toEqual(['look in the channel']);
    const settled = setUp(fakeGame());
    await settled.sync.resolvePost(settled.entry(summary));
    expect(settled.calls).toEqual(['look in the channel', 'clear 7']);
    // Given up as never posted, it is looked for again later (Discord may take a request late).
    await settled.clock.advance(LATE_LOOKS_MS[0]);
    expect(settled.calls).toEqual(['look in the channel', 'clear 7', 'look in the channel']);
    settled.sync.close();
  });

  it('leaves a post this process is still sending: neither looked for nor cleared', async () => {
    for (const fields of [{}, { kind: 'notice' as const, nonce: null, token: FOLLOW_UP_MARK }]) {
      const { sync, calls, entry } = setUp(fakeGame(), false, false, true);
      await sync.resolvePost(entry(fields));
      expect(calls).toEqual([]);
    }
  });

  it('posts a lobby that has no message, unless its reply is still looked for', async () => {
    const lobby = fakeGame({ status: 'lobby', version: 2 });
    const fresh = setUp(lobby);
    await fresh.sync.redrawLobby(lobby);
    expect(fresh.calls).toEqual(['post board b2.g1']);
    const waiting = setUp(lobby, true);
    await waiting.sync.redrawLobby(lobby);
    expect(waiting.calls).toEqual([]);
  });

  it('shows a closed lobby as closed and settles it', async () => {
    const closed = fakeGame({ status: 'finished', boardMessageId: '500' });
    const { sync, calls } = setUp(closed);
    await sync.redrawLobby(closed);
    expect(calls).toEqual(['edit 500: The lobby was closed.', 'settle g1']);
  });
});
