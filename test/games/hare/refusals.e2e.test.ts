/** Hare's refusals through the fake Discord, as a player reads them: the words, the punctuation, no NaN. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, startGame, waitForTurnOf, type Harness } from '../../bot/harness';

describe('/hare refusals through Discord', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('/hare move without a square asks for one; a refused move reads as one sentence', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2, rules: 'standard' });
    const game = await waitForTurnOf(h, gameId, alice.id);
    const command = (options: Record<string, number>, forged = false) =>
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        options,
        forged,
      });

    // Discord's client asks for the required square; a forged or outdated client may still leave it out.
    const missing = await h.fake.waitForResponse(command({}, true));
    expect(missing.ephemeral).toBe(true);
    expect(missing.message?.content).toBe(
      'Choose a square: `/hare move square:` followed by one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.',
    );

    // A typed move is deferred privately while the game checks it; the refusal then fills that private reply.
    const tooFar = await h.fake.waitForFinal(command({ square: 40 }));
    expect(tooFar.type).toBe(5);
    expect(tooFar.ephemeral).toBe(true);
    expect(tooFar.message?.content).toBe('Not allowed: square 40 costs 820 carrots; you have 65.');

    const replies = [missing, tooFar].map((outcome) => outcome.message?.content ?? '');
    for (const reply of replies) expect(reply).not.toMatch(/NaN|\.\.|Not allowed:.*Not allowed/);
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });
});
