/** Candy Land in the sandbox page: a 3-pawn game typed and clicked to its summary, and /candyland simulate. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candylandModule, type GameState } from '../../src/games/candyland/index';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import type { PageButton, PageMessage } from '../../src/sandbox/page-view';
import { EventStream, messageOf, postJson, startStack, userId, type SandboxStack } from './helpers';

const CHANNEL = SANDBOX_IDS.channels.raceTrack;

function buttonOf(message: PageMessage, label: string): PageButton {
  const found = message.components
    .flatMap((row) => row.components)
    .find((c): c is PageButton => c.kind === 'button' && c.label === label);
  if (!found?.customId) throw new Error(`no button ${label} on message ${message.id}`);
  return found;
}

async function waitFor<T>(probe: () => T | null | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Candy Land in the sandbox', () => {
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

  const send = (user: string, text: string) =>
    postJson(stack, '/api/send', { channelId: CHANNEL, userId: userId(stack, user), text });

  it('plays a 3-pawn game with Alice, Bob and a computer pawn to the summary', async () => {
    expect((await send('Alice', '/candyland start seats:3 speed:fast')).body).toMatchObject({ ok: true });
    const lobby = messageOf(
      await stream.waitFor((e) => messageOf(e)?.embeds[0]?.titleHtml.includes('Candy Land') === true),
    )!;
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
    const names = new Map([
      [userId(stack, 'Alice'), 'Alice'],
      [userId(stack, 'Bob'), 'Bob'],
    ]);
    let typedDraws = 0;
    for (let step = 0; step < 2000; step++) {
      const record = stack.service.getGame(game.id)!;
      if (record.status !== 'active') break;
      const seat = record.seats[candylandModule.rules.currentSeat(record.state as GameState)!]!;
      const human = seat.userId ? names.get(seat.userId) : undefined;
      if (human) {
        const sent = await send(human, '/candyland draw');
        if (sent.body.ok) typedDraws++;
      }
      await waitFor(() => {
        const now = stack.service.getGame(game.id)!;
        return now.version > record.version || now.status !== 'active';
      }, 'the next draw');
    }
    expect(typedDraws).toBeGreaterThan(0);
    const summary = messageOf(
      await stream.waitFor(
        (e) =>
          /Candy Land/.test(messageOf(e)?.embeds[0]?.titleHtml ?? '') &&
          /🏆|🏁/.test(messageOf(e)?.embeds[0]?.titleHtml ?? ''),
        15_000,
      ),
    )!;
    expect(summary.embeds[0]?.image).not.toBeNull();
    expect(stack.service.getGame(game.id)!.status).toBe('finished');
  });

  it('answers /candyland simulate with the figures and an image', async () => {
    expect((await send('Carol', '/candyland simulate seats:4 games:3000')).body).toMatchObject({ ok: true });
    const answer = messageOf(
      await stream.waitFor((e) => /of Candy Land with 4 players/.test(messageOf(e)?.html ?? ''), 20_000),
    )!;
    expect(answer.html).toMatch(/rounds: mean \d+\.\d\d, median \d+, longest \d+/);
    expect(answer.images.length + answer.embeds.filter((e) => e.image).length).toBe(1);
  });
});
