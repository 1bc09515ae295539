import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_DOUBT_MS, PostsUnderWay } from '../../../src/bot/publishing/posts-under-way';
import { FakeClock, FOLLOW_UP_MARK, type OutboxEntry } from '../../../src/service/index';

const entry = (id: number): OutboxEntry => ({
  id,
  gameId: 'g1',
  channelId: 'channel',
  kind: 'notice',
  nonce: null,
  token: FOLLOW_UP_MARK,
  messageId: null,
  attempts: 0,
  createdAt: 0,
});

describe("this process's posts under way", () => {
  it('are under way, in their channel, until their outcome is recorded, even when the post fails', async () => {
    const underWay = new PostsUnderWay(new FakeClock());
    let answer: () => void = () => {};
    const posting = underWay.sending(entry(1), 'channel', () => new Promise<void>((done) => (answer = done)));
    expect(underWay.isSending(entry(1))).toBe(true);
    expect(underWay.isSending(entry(2))).toBe(false);
    expect(underWay.isSendingIn('channel')).toBe(true);
    expect(underWay.isSendingIn('elsewhere')).toBe(false);
    answer();
    await posting;
    expect(underWay.isSendingIn('channel')).toBe(false);
    await expect(
      underWay.sending(entry(3), 'channel', async () => {
        throw new Error('timed out');
      }),
    ).rejects.toThrow('timed out');
    expect(underWay.isSending(entry(3))).toBe(false);
  });

  it('keep a follow-up without an answer in doubt for FOLLOW_UP_DOUBT_MS', async () => {
    const clock = new FakeClock();
    const underWay = new PostsUnderWay(clock);
    expect(underWay.followUpInDoubt(entry(1))).toBe(false);
    underWay.unanswered(entry(1));
    await clock.advance(FOLLOW_UP_DOUBT_MS - 1);
    expect(underWay.followUpInDoubt(entry(1))).toBe(true);
    await clock.advance(1);
    expect(underWay.followUpInDoubt(entry(1))).toBe(false);
  });
});
