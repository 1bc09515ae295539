import { REST, type Client } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BuriedBoardWatch, discordMessagesAfter } from '../../../src/bot/publishing/buried-board';
import { budgetedRestOptions } from '../../../src/bot/publishing/request-budget';
import { FakeDiscord } from '../../../src/fakediscord/index';
import { silentLogger } from '../../../src/logger';

const BOARD = '1000';
const game = (fields: { boardMessageId?: string | null; turnNoticeMessageId?: string | null } = {}) => ({
  channelId: 'channel',
  boardMessageId: BOARD,
  turnNoticeMessageId: null,
  ...fields,
});

/**
 * A watch that began before the board was posted; `history` is what reading the channel returns, once `answer`
 * (default: at once) resolves.
 */
function watch(history: string[] | null = [], beganAt = 500n, answer: Promise<void> = Promise.resolve()) {
  const reads: string[] = [];
  const buried = new BuriedBoardWatch({ buriedAfter: 3 }, async (channelId, afterId) => {
    reads.push(`${channelId} after ${afterId}`);
    await answer;
    return history;
  });
  buried.begin(beganAt);
  return { buried, reads };
}

describe('the buried-board watch', () => {
  it('calls a board buried at the third message after it', async () => {
    const { buried, reads } = watch();
    buried.noteMessage('channel', '1001');
    buried.noteMessage('channel', '1002');
    expect(buried.isBuried(game())).toBe(false);
    buried.noteMessage('channel', '1003');
    expect(buried.isBuried(game())).toBe(true);
    expect(reads, 'the gateway told it all: no request').toEqual([]);
  });

  it('does not count the turn mention, messages before the board, or other channels', async () => {
    const { buried } = watch();
    buried.noteMessage('channel', '0999');
    buried.noteMessage('elsewhere', '1001');
    buried.noteMessage('channel', '1002');
    buried.noteMessage('channel', '1003');
    buried.noteMessage('channel', '1004');
    expect(buried.isBuried(game({ turnNoticeMessageId: '1003' }))).toBe(false);
    buried.noteMessage('channel', '1005');
    expect(buried.isBuried(game({ turnNoticeMessageId: '1003' }))).toBe(true);
  });

  it('forgets a deleted message', async () => {
    const { buried } = watch();
    for (const id of ['1001', '1002', '1003']) buried.noteMessage('channel', id);
    buried.forgetMessage('channel', '1002');
    expect(buried.isBuried(game())).toBe(false);
  });

  it('reads the channel once for a board posted before the watch began, and holds nothing up meanwhile', async () => {
    let answer = () => {};
    const answered = new Promise<void>((done) => (answer = done));
    const { buried, reads } = watch(['1003', '1001', '1002'], 5000n, answered);
    // After a restart every open board is of this kind, and the reads share the bot's global budget: a person's
    // turn is shown at once, and the board goes to the bottom at a later redraw if the read finds it buried.
    expect(buried.isBuried(game()), 'not buried as far as known while reading').toBe(false);
    expect(buried.isBuried(game())).toBe(false);
    answer();
    await buried.readsDone();
    expect(buried.isBuried(game())).toBe(true);
    expect(reads).toEqual(['channel after 1000']);
  });

  it('counts what the gateway told it while the channel is read', async () => {
    const { buried } = watch([], 5000n, new Promise(() => {}));
    for (const id of ['1001', '1002', '1003']) buried.noteMessage('channel', id);
    expect(buried.isBuried(game())).toBe(true);
  });

  it('leaves the board where it is when the channel’s history cannot be read', async () => {
    const { buried, reads } = watch(null, 5000n);
    buried.noteMessage('channel', '1001');
    expect(buried.isBuried(game())).toBe(false);
    await buried.readsDone();
    expect(buried.isBuried(game())).toBe(false);
    await buried.readsDone();
    expect(reads, 'tried again').toHaveLength(2);
  });

  it('has nothing to tell without a board', async () => {
    const { buried } = watch();
    expect(buried.isBuried(game({ boardMessageId: null }))).toBe(false);
  });
});

describe("reading a channel's latest messages", () => {
  let fake: FakeDiscord | undefined;
  afterEach(async () => {
    await fake?.stop();
    fake = undefined;
  });

  it("gives the others' messages after the board, through the bot's budget as a background request", async () => {
    fake = new FakeDiscord();
    const { channels } = fake.addGuild({ channels: ['table'] });
    const channel = channels[0]!;
    const alice = fake.addUser({ username: 'alice' });
    await fake.start();
    const rest = new REST({ ...fake.restOptions(), ...budgetedRestOptions(10) }).setToken('fake-token');
    const client = { rest, user: { id: fake.bot.id } } as unknown as Client;
    const board = fake.postUserMessage({ user: fake.bot, channel, content: 'the board' });
    const chat = ['one', 'two'].map((content) => fake!.postUserMessage({ user: alice, channel, content }).id);
    fake.postUserMessage({ user: fake.bot, channel, content: 'a turn mention' });
    const read = await discordMessagesAfter(client, silentLogger)(channel.id, board.id);
    expect([...read!].sort()).toEqual([...chat].sort());
    const request = fake.requests.find(
      (entry) => entry.method === 'GET' && entry.route?.endsWith('/messages'),
    );
    expect(request).toMatchObject({ status: 200, authorized: true, query: { after: board.id, limit: '20' } });
  });
});
