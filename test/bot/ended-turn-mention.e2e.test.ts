/**
 * A game ended while the board of its last move is still being drawn: the "your turn" mention that move would
 * have asked for is never posted (before, it was posted, pinging the player with "Stopped by …" in its text, and
 * deleted 30 ms later).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { GameState as GreedState } from '../../src/games/greed/index';
import type { StoredMessage } from '../../src/fakediscord/index';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { createHarness, runCommand, startGame, waitForTurnOf, waitUntil, type Harness } from './harness';

/** Draws like the inline renderer, but holds the boards `hold` picks until `release` is called. */
function gatedRenderer() {
  const inner = createInlineRenderer(GAMES);
  let hold: ((state: unknown) => boolean) | null = null;
  let held: (() => void)[] = [];
  const gate = {
    holding: 0,
    hold(pick: (state: unknown) => boolean) {
      hold = pick;
    },
    release() {
      hold = null;
      for (const go of held) go();
      held = [];
    },
  };
  const renderer: Renderer = {
    ...inner,
    board: async (gameKey, input) => {
      if (hold?.(input.state)) {
        gate.holding += 1;
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return inner.board(gameKey, input);
    },
  };
  return { renderer, gate };
}

describe('the turn mention of a game ended meanwhile', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("a moderator's /greed end while the board of Bob's turn is drawn: no mention is ever posted for it", async () => {
    const { renderer, gate } = gatedRenderer();
    h = await createHarness({ renderer, coalesceMs: 5 });
    const { alice, bob, mod } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, 'greed');
    const first = await waitForTurnOf(h, gameId, alice.id);
    const created: StoredMessage[] = [];
    h.fake.on('messageCreate', (message: StoredMessage) => created.push(message));

    // The board showing Bob's turn is held while it is drawn.
    gate.hold((state) => (state as GreedState).current === 1 && !(state as GreedState).over);
    let game = (await h.service.act(gameId, alice.id, { type: 'roll' }, first.version)).game;
    if ((game.state as GreedState).current === 0)
      game = (await h.service.act(gameId, alice.id, { type: 'stop' }, game.version)).game;
    expect((game.state as GreedState).current).toBe(1);
    await waitUntil(() => gate.holding > 0, 10_000, "the board of Bob's turn");

    const ended = await runCommand(h, mod, 'end', {}, 'greed');
    expect(ended.type).toBe(4);
    expect((await h.service.getGame(gameId))!.status).toBe('finished');
    gate.release();
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.channelSettled,
      15_000,
      'the settled channel',
    );

    const mentions = created.filter((message) => message.pinged.users.includes(bob.id));
    expect(mentions.map((message) => message.content)).toEqual([]);
    expect((await h.service.getGame(gameId))!.summaryPosted).toBe(true);
  }, 40_000);
});
