/**
 * `/greed end` through the real discord.js client and the fake Discord: the host, who plays, forfeits (the
 * summary says so, places the others first and the game counts); a moderator who does not play stops the game
 * for nobody (the summary says that too).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/fakediscord/index';
import { createHarness, runCommand, startGame, waitForSummary, waitForTurnOf, type Harness } from './harness';

function summaryOf(h: Harness): StoredMessage {
  return h.fake
    .messages(h.channel.id)
    .find((message) => message.attachments.some((attachment) => attachment.filename === 'summary.png'))!;
}

describe('/greed end', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('by the host, who plays: the host forfeits, the other player is first, and it counts', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, 'greed');
    await waitForTurnOf(h, gameId, alice.id);

    const ended = await runCommand(h, alice, 'end', {}, 'greed');
    expect(ended.ephemeral).toBe(false);
    expect(ended.message?.content).toBe(`<@${alice.id}> forfeited by ending the game.`);
    const game = await waitForSummary(h, gameId);
    expect(game).toMatchObject({ endReason: 'ended', forfeit: true });
    const embed = summaryOf(h).embeds[0]!;
    expect(embed.title).toBe('🏁 Greed — Alice forfeited');
    expect(embed.description).toContain(
      'Alice forfeited by ending the game. The others are placed as they stood, Alice last:',
    );
    expect(embed.description).toContain(`🥇 **1st** <@${bob.id}>`);
    expect(embed.description).toContain(`🥈 **2nd** <@${alice.id}>`);
    const board = h.fake.message(game.boardMessageId!)!;
    expect(board.embeds[0]?.fields?.[0]?.name).toBe('Places after the forfeit');

    expect(await h.service.stats(h.guildId, 'greed', bob.id)).toMatchObject({ games: 1, wins: 1 });
    expect(await h.service.stats(h.guildId, 'greed', alice.id)).toMatchObject({ games: 1, wins: 0 });
    const stats = await runCommand(h, bob, 'stats', {}, 'greed');
    const fields = stats.message?.embeds[0]?.fields ?? [];
    expect(fields.find((field) => field.name === 'Games')?.value).toBe('1');
    expect(fields.find((field) => field.name === 'Wins')?.value).toBe('1 (100%)');
  });

  it('by a moderator who does not play: stopped, and it counts for nobody', async () => {
    const { alice, bob, mod } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, 'greed');
    await waitForTurnOf(h, gameId, alice.id);

    const ended = await runCommand(h, mod, 'end', {}, 'greed');
    expect(ended.message?.content).toBe(
      `Stopped by <@${mod.id}> before the end: no winner, and the game counts for nobody.`,
    );
    const game = await waitForSummary(h, gameId);
    expect(game.forfeit).toBe(false);
    const embed = summaryOf(h).embeds[0]!;
    expect(embed.title).toBe('🏁 Greed — stopped by Mod');
    expect(embed.description).toContain(
      'Stopped by Mod before the end: no winner, and the game counts for nobody. The standings then:',
    );
    expect(embed.description).not.toContain('🥇');
    expect(await h.service.stats(h.guildId, 'greed', alice.id)).toBeNull();
    expect(await h.service.stats(h.guildId, 'greed', bob.id)).toBeNull();
  });
});
