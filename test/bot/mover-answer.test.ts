import type { MessageComponentInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger';
import { MoverAnswer } from '../../src/bot/publishing/mover-answer';
import type { MessagePayload } from '../../src/bot/views';

const board: MessagePayload = { content: '', embeds: [], components: [] };
const SAFETY_MS = 80;

/** A click that records what the bot answers, and refuses a second answer like Discord (40060). */
function fakeClick(createdAgoMs = 0) {
  const calls: string[] = [];
  let answered = false;
  const accept = (what: string) => {
    calls.push(what);
    if (answered) throw new Error('Interaction has already been acknowledged.');
    answered = true;
  };
  const interaction = {
    id: 'click',
    createdTimestamp: Date.now() - createdAgoMs,
    message: { id: 'board' },
    deferUpdate: async () => accept('deferUpdate'),
    editReply: async () => {
      if (!answered) throw new Error('not answered yet');
      calls.push('editReply');
    },
  } as unknown as MessageComponentInteraction;
  return { interaction, calls, accept };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function answerFor(click: ReturnType<typeof fakeClick>, uploadMs: number, safetyPoints: MoverAnswer[] = []) {
  return new MoverAnswer(click.interaction, {
    logger: silentLogger,
    safetyMs: SAFETY_MS,
    onSafetyPoint: (answer) => {
      safetyPoints.push(answer);
      void answer.defer();
    },
    upload: async () => {
      await sleep(uploadMs);
      click.accept('update');
    },
  });
}

describe('the answer to a mover', () => {
  it('is the board itself when the upload is done before the safety point', async () => {
    const click = fakeClick();
    expect(await answerFor(click, 5).showBoard(board)).toBe(true);
    await sleep(SAFETY_MS + 20);
    expect(click.calls).toEqual(['update']);
  });

  it('is a deferral at the safety point when no board is on its way', async () => {
    const click = fakeClick();
    const safetyPoints: MoverAnswer[] = [];
    const answer = answerFor(click, 5, safetyPoints);
    await sleep(SAFETY_MS + 20);
    expect(safetyPoints).toEqual([answer]);
    expect(click.calls).toEqual(['deferUpdate']);
    expect(await answer.showBoard(board), 'the board then goes by an ordinary edit').toBe(false);
    expect(click.calls).toEqual(['deferUpdate']);
  });

  it('is insured by a deferral when the upload is still under way at the safety point', async () => {
    const click = fakeClick();
    expect(await answerFor(click, SAFETY_MS * 2).showBoard(board), 'the board reached the message').toBe(
      true,
    );
    // The deferral arrived first: the late upload was refused, and the board came by editing the response.
    expect(click.calls).toEqual(['deferUpdate', 'update', 'editReply']);
  });

  it('counts the safety point from when the click was created', async () => {
    const click = fakeClick(SAFETY_MS - 20);
    expect(await answerFor(click, 60).showBoard(board)).toBe(true);
    expect(click.calls).toEqual(['deferUpdate', 'update', 'editReply']);
  });

  it('is deferred before the upload when the board is ready only after the safety point', async () => {
    const click = fakeClick(SAFETY_MS + 10);
    const answer = new MoverAnswer(click.interaction, {
      logger: silentLogger,
      safetyMs: SAFETY_MS,
      onSafetyPoint: () => undefined, // its timer has not run yet (a busy event loop)
      upload: async () => click.accept('update'),
    });
    expect(await answer.showBoard(board)).toBe(true);
    expect(click.calls).toEqual(['deferUpdate', 'editReply']);
  });

  it('is a deferral when the upload fails, so that the click is answered all the same', async () => {
    const click = fakeClick();
    const answer = new MoverAnswer(click.interaction, {
      logger: silentLogger,
      safetyMs: SAFETY_MS,
      onSafetyPoint: () => undefined,
      upload: async () => {
        throw new Error('503 Service Unavailable');
      },
    });
    expect(await answer.showBoard(board)).toBe(true);
    expect(click.calls).toEqual(['deferUpdate', 'editReply']);
    expect(await answer.showBoard(board), 'answered once').toBe(false);
  });
});
