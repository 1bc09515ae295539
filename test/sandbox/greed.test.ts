/** Greed in the sandbox page: Alice against three computers, typed to the summary. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/greed/index';
import { EventStream, messageOf, postJson, startStack, userId, type SandboxStack } from './helpers';
import { CHANNEL, playToTheEnd, send, waitFor } from './play-loop';

describe('Greed in the sandbox', () => {
  let stack: SandboxStack;
  let stream: EventStream;
  beforeEach(async () => {
    stack = await startStack({ aiTurnDelayMs: 5 });
    stream = await EventStream.open(stack, CHANNEL, userId(stack, 'Alice'));
  });
  afterEach(async () => {
    stream.close();
    await stack.close({ removeFiles: true });
  });

  it('plays a game of one human and three computers to the summary', async () => {
    const start = '/greed start seats:4 computer-level:steady speed:fast target:1500 entry:0';
    expect((await send(stack, 'Alice', start)).body).toMatchObject({ ok: true });
    const lobby = messageOf(
      await stream.waitFor((e) => /Greed/.test(messageOf(e)?.embeds[0]?.titleHtml ?? '')),
    )!;
    const startButton = lobby.components
      .flatMap((row) => row.components)
      .find((c) => c.kind === 'button' && c.label === 'Start');
    await postJson(stack, '/api/component', {
      userId: userId(stack, 'Alice'),
      messageId: lobby.id,
      customId: (startButton as { customId: string }).customId,
    });
    const game = await waitFor(() => stack.service.findActiveGameInChannel(CHANNEL), 'the game');
    const typed = await playToTheEnd(stack, game.id, ['Alice'], (state) =>
      (state as GameState).rolled && (state as GameState).turnTotal >= 300 ? '/greed stop' : '/greed roll',
    );
    expect(typed).toBeGreaterThan(0);
    const summary = messageOf(
      await stream.waitFor(
        (e) =>
          /Greed/.test(messageOf(e)?.embeds[0]?.titleHtml ?? '') &&
          messageOf(e)?.embeds[0]?.image !== null &&
          /🏆|🏁/.test(messageOf(e)?.embeds[0]?.titleHtml ?? ''),
        15_000,
      ),
    )!;
    expect(summary.embeds[0]?.image).not.toBeNull();
    const final = stack.service.getGame(game.id)!;
    expect(final.status).toBe('finished');
    expect(final.seats.filter((seat) => seat.userId === null)).toHaveLength(3);
  });
});
