/** Candy Land in the sandbox page: a 3-pawn game typed and clicked to its summary, and /candyland simulate. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageButton, PageMessage } from '../../src/sandbox/page-view';
import { messageOf, postJson, userId } from './helpers';
import {
  CHANNEL,
  closeBench,
  lobbyOf,
  openBench,
  playToTheEnd,
  send,
  summaryOf,
  waitFor,
  type GameTestBench,
} from './play-loop';

function buttonOf(message: PageMessage, label: string): PageButton {
  const found = message.components
    .flatMap((row) => row.components)
    .find((c): c is PageButton => c.kind === 'button' && c.label === label);
  if (!found?.customId) throw new Error(`no button ${label} on message ${message.id}`);
  return found;
}

describe('Candy Land in the sandbox', () => {
  let bench: GameTestBench;
  beforeEach(async () => {
    bench = await openBench();
  });
  afterEach(async () => {
    await closeBench(bench);
  });

  it('plays a 3-pawn game with Alice, Bob and a computer pawn to the summary', async () => {
    const { stack } = bench;
    expect((await send(stack, 'Alice', '/candyland start seats:3 speed:fast')).body).toMatchObject({
      ok: true,
    });
    const lobby = await lobbyOf(bench, /Candy Land/);
    for (const [user, label] of [
      ['Bob', 'Join'],
      ['Alice', 'Start'],
    ] as const) {
      const clicked = await postJson(stack, '/api/component', {
        userId: userId(stack, user),
        messageId: lobby.id,
        customId: buttonOf(lobby, label).customId,
      });
      expect(clicked.body).toMatchObject({ ok: true });
    }
    const game = await waitFor(() => stack.service.findActiveGameInChannel(CHANNEL), 'the game');
    const typedDraws = await playToTheEnd(stack, game.id, ['Alice', 'Bob'], () => '/candyland draw');
    expect(typedDraws).toBeGreaterThan(0);
    expect((await summaryOf(bench, /Candy Land/)).embeds[0]?.image).not.toBeNull();
    expect((await stack.service.getGame(game.id))!.status).toBe('finished');
  });

  it('answers /candyland simulate with the figures and an image', async () => {
    expect((await send(bench.stack, 'Carol', '/candyland simulate seats:4 games:3000')).body).toMatchObject({
      ok: true,
    });
    const answer = messageOf(
      await bench.stream.waitFor(
        (e) => /of Candy Land with 4 players/.test(messageOf(e)?.html ?? ''),
        20_000,
      ),
    )!;
    expect(answer.html).toMatch(/Rounds: mean \d+\.\d, median \d+, longest \d+/);
    expect(answer.images.length + answer.embeds.filter((e) => e.image).length).toBe(1);
  });
});
