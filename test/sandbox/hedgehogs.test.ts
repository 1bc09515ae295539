/** Hedgehogs in a Hurry in the sandbox page: Alice against three computers, typed to the summary. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeAction } from '../../src/games/hedgehogs/controls';
import { legalActions } from '../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../src/games/hedgehogs/rules/types';
import { EventStream, messageOf, postJson, startStack, userId, type SandboxStack } from './helpers';
import { CHANNEL, playToTheEnd, send, waitFor } from './play-loop';

function commandFor(state: GameState): string {
  const [first] = legalActions(state);
  if (first?.type === 'place') return `/hedgehogs place row:${first.row}`;
  if (state.phase === 'sidestep') return '/hedgehogs sidestep move:none';
  return `/hedgehogs forward move:${first ? encodeAction(first) : 'none'}`;
}

describe('Hedgehogs in a Hurry in the sandbox', () => {
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
    const start = '/hedgehogs start seats:4 computer-level:advanced speed:fast';
    expect((await send(stack, 'Alice', start)).body).toMatchObject({ ok: true });
    const lobby = messageOf(
      await stream.waitFor((e) => /Hedgehogs/.test(messageOf(e)?.embeds[0]?.titleHtml ?? '')),
    )!;
    const startButton = lobby.components
      .flatMap((row) => row.components)
      .find((c) => c.kind === 'button' && c.label === 'Start') as { customId: string };
    await postJson(stack, '/api/component', {
      userId: userId(stack, 'Alice'),
      messageId: lobby.id,
      customId: startButton.customId,
    });
    const game = await waitFor(() => stack.service.findActiveGameInChannel(CHANNEL), 'the game');
    const typed = await playToTheEnd(stack, game.id, ['Alice'], (state) => commandFor(state as GameState));
    expect(typed).toBeGreaterThan(4);
    const final = stack.service.getGame(game.id)!;
    expect(final.status).toBe('finished');
    expect(final.seats.filter((seat) => seat.userId === null)).toHaveLength(3);
    await stream.waitFor(
      (e) =>
        /Hedgehogs/.test(messageOf(e)?.embeds[0]?.titleHtml ?? '') &&
        /🏆|🏁/.test(messageOf(e)?.embeds[0]?.titleHtml ?? ''),
      15_000,
    );
  });
});
