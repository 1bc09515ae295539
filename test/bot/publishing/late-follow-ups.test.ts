/**
 * Follow-ups given up as never posted, looked for again: what Discord took late is deleted, and nothing that a
 * game records, or that this process is still posting, is.
 */
import type { APIMessage } from 'discord-api-types/v10';
import type { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { LATE_LOOKS_MS, LateFollowUps } from '../../../src/bot/publishing/late-follow-ups';
import type { OutboxRelay } from '../../../src/bot/publishing/outbox-relay';
import type { PublishingRecords } from '../../../src/bot/publishing/records';
import { silentLogger } from '../../../src/logger';
import { FakeClock, FOLLOW_UP_MARK, type OutboxEntry } from '../../../src/service/index';
import { fakeGame } from './fakes';

const BOT = 'bot';

function message(id: string, content: string, controls: string[] = []): APIMessage {
  return {
    id,
    content,
    author: { id: BOT },
    components: controls.length
      ? [{ type: 1, components: controls.map((custom_id) => ({ type: 2, custom_id })) }]
      : [],
  } as unknown as APIMessage;
}

/** The channel's messages as Discord lists them; what the relay deleted; whether a post is under way. */
function setUp(kind: OutboxEntry['kind'], game = fakeGame({ boardMessageId: '1000' })) {
  const clock = new FakeClock(1_000_000);
  const channel: APIMessage[] = [];
  const deleted: string[] = [];
  let looks = 0;
  let sending = false;
  let othersShown: { gameId: string; messageId: string }[] = [];
  const client = {
    user: { id: BOT },
    rest: {
      get: async () => {
        looks += 1;
        return [...channel];
      },
    },
  } as unknown as Client;
  const records = {
    game: async () => game,
    outbox: { otherMentions: async () => ({ shown: othersShown, pending: [] }) },
  } as unknown as PublishingRecords;
  const relay = {
    underWay: { isSendingIn: () => sending },
    delete: async (_channel: string, _gameId: string, messageId: string) => void deleted.push(messageId),
  } as unknown as OutboxRelay;
  const late = new LateFollowUps({ client, records, relay, clock, logger: silentLogger });
  const entry: OutboxEntry = {
    id: 7,
    gameId: game.id,
    channelId: 'channel',
    kind,
    nonce: null,
    token: FOLLOW_UP_MARK,
    messageId: null,
    attempts: 0,
    createdAt: clock.now() - 40_000,
  };
  return {
    clock,
    channel,
    deleted,
    late,
    entry,
    looks: () => looks,
    setSending: (value: boolean) => (sending = value),
    setOthersShown: (shown: typeof othersShown) => (othersShown = shown),
  };
}

describe('a follow-up given up as never posted', () => {
  it('is deleted when it arrives after all, and looked for no more', async () => {
    const { clock, channel, deleted, late, entry, looks } = setUp('notice');
    late.watch(entry);
    await clock.advance(LATE_LOOKS_MS[0]);
    expect(looks()).toBe(1);
    expect(deleted).toEqual([]);
    // Discord took the request late: the mention shows now.
    channel.push(message('2000', '<@111>, your turn'));
    await clock.advance(LATE_LOOKS_MS[1] - LATE_LOOKS_MS[0]);
    expect(deleted).toEqual(['2000']);
    await clock.advance(60 * 60_000);
    expect(looks()).toBe(2);
  });

  it('is looked for a few times at most when it never comes', async () => {
    const { clock, deleted, late, entry, looks } = setUp('notice');
    late.watch(entry);
    await clock.advance(60 * 60_000);
    expect(looks()).toBe(LATE_LOOKS_MS.length);
    expect(deleted).toEqual([]);
  });

  it("leaves the game's own mention, another game's, and any while a post is under way", async () => {
    const game = fakeGame({ boardMessageId: '1000', turnNoticeMessageId: '3000' });
    const { clock, channel, deleted, late, entry, looks, setSending, setOthersShown } = setUp('notice', game);
    channel.push(message('3000', '<@111>, your turn'), message('4000', '<@222>, your turn'));
    setOthersShown([{ gameId: 'other', messageId: '4000' }]);
    // A mention being posted is not recorded until Discord answers: the look waits for it.
    setSending(true);
    channel.push(message('5000', '<@111>, your turn'));
    late.watch(entry);
    await clock.advance(LATE_LOOKS_MS[0] + 10_000);
    expect(looks()).toBe(0);
    setSending(false);
    await clock.advance(2000);
    expect(looks()).toBe(1);
    expect(deleted).toEqual(['5000']);
  });

  it('deletes a second summary of the game, never the only one', async () => {
    const { clock, channel, deleted, late, entry } = setUp('summary');
    const summary = (id: string) => message(id, '', ['greed:finished:g1:rematch']);
    channel.push(summary('6000'));
    late.watch(entry);
    await clock.advance(LATE_LOOKS_MS[1]);
    expect(deleted, 'one summary stays').toEqual([]);
    channel.push(summary('6001'));
    await clock.advance(LATE_LOOKS_MS[2]);
    expect(deleted).toEqual(['6001']);
  });

  it('stops looking once closed', async () => {
    const { clock, late, entry, looks } = setUp('notice');
    late.watch(entry);
    late.close();
    await clock.advance(60 * 60_000);
    expect(looks()).toBe(0);
  });
});
