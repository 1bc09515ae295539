import { describe, expect, it } from 'vitest';
import { BuriedBoardWatch } from '../../../src/bot/publishing/buried-board';

const BOARD = '1000';
const game = (fields: { boardMessageId?: string | null; turnNoticeMessageId?: string | null } = {}) => ({
  channelId: 'channel',
  boardMessageId: BOARD,
  turnNoticeMessageId: null,
  ...fields,
});

/** A watch that began before the board was posted; `history` is what reading the channel returns. */
function watch(history: string[] | null = [], beganAt = 500n) {
  const reads: string[] = [];
  const buried = new BuriedBoardWatch({ buriedAfter: 3 }, async (channelId, afterId) => {
    reads.push(`${channelId} after ${afterId}`);
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
    expect(await buried.isBuried(game())).toBe(false);
    expect(buried.knownNotBuried(game())).toBe(true);
    buried.noteMessage('channel', '1003');
    expect(await buried.isBuried(game())).toBe(true);
    expect(buried.knownNotBuried(game())).toBe(false);
    expect(reads, 'the gateway told it all: no request').toEqual([]);
  });

  it('does not count the turn mention, messages before the board, or other channels', async () => {
    const { buried } = watch();
    buried.noteMessage('channel', '0999');
    buried.noteMessage('elsewhere', '1001');
    buried.noteMessage('channel', '1002');
    buried.noteMessage('channel', '1003');
    buried.noteMessage('channel', '1004');
    expect(await buried.isBuried(game({ turnNoticeMessageId: '1003' }))).toBe(false);
    buried.noteMessage('channel', '1005');
    expect(await buried.isBuried(game({ turnNoticeMessageId: '1003' }))).toBe(true);
  });

  it('forgets a deleted message', async () => {
    const { buried } = watch();
    for (const id of ['1001', '1002', '1003']) buried.noteMessage('channel', id);
    buried.forgetMessage('channel', '1002');
    expect(await buried.isBuried(game())).toBe(false);
  });

  it('reads the channel once for a board posted before the watch began', async () => {
    const { buried, reads } = watch(['1003', '1001', '1002'], 5000n);
    expect(buried.knownNotBuried(game()), 'not known without reading').toBe(false);
    expect(await buried.isBuried(game())).toBe(true);
    expect(await buried.isBuried(game())).toBe(true);
    expect(reads).toEqual(['channel after 1000']);
  });

  it('leaves the board where it is when the channel’s history cannot be read', async () => {
    const { buried, reads } = watch(null, 5000n);
    for (const id of ['1001', '1002', '1003']) buried.noteMessage('channel', id);
    expect(await buried.isBuried(game())).toBe(false);
    expect(await buried.isBuried(game())).toBe(false);
    expect(reads).toHaveLength(2);
  });

  it('has nothing to tell without a board', async () => {
    const { buried } = watch();
    expect(await buried.isBuried(game({ boardMessageId: null }))).toBe(false);
    expect(buried.knownNotBuried(game({ boardMessageId: null }))).toBe(false);
  });
});
