/**
 * The bot on a game that is not Hare & Tortoise (test/support/tiny-game.ts), through the real discord.js
 * client and the fake Discord: its command is generated from its module, its controls drive it, a command of
 * another game is refused in its channel.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import { createHarness, type Harness, playTinyByButtons, startGame, waitForSummary } from './harness';

describe('a game of its own through the bot', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('registers /tiny, plays it with its buttons to the summary, and keeps /hare out of its channel', async () => {
    const { alice, bob } = h.users;
    expect(h.fake.commands(h.guildId).map((command) => command.name)).toEqual(['hare', 'tiny']);
    const { gameId, lobbyId } = await startGame(h, [alice, bob], { target: 3 }, 'tiny');
    // The lobby message became the board (the start click was answered with it); its first revision was the lobby.
    const lobby = h.fake.message(lobbyId)!.history[0]!;
    expect(lobby.embeds[0]?.title).toBe('Tiny — new game');

    const hare = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: bob, channel: h.channel, name: 'hare', subcommand: 'status' }),
    );
    expect(hare.ephemeral).toBe(true);
    expect(hare.message?.content).toMatch(/This channel is playing Tiny: use `\/tiny`/);

    await playTinyByButtons(h, gameId, [alice, bob], async (customIds) => {
      const version = (await h.service.getGame(gameId))!.version;
      expect(customIds).toEqual([`tiny:act:${gameId}:${version}:a1`, `tiny:act:${gameId}:${version}:a2`]);
    });
    const finished = await waitForSummary(h, gameId);
    // Each turn mention pinged exactly the player it named; nothing else the bot posted pinged anyone.
    const posted = h.fake
      .messages(h.channel.id, { includeDeleted: true })
      .filter((m) => m.authorId === h.fake.bot.id);
    const mentions = posted.filter((m) => /your turn in/.test(m.content));
    expect(mentions.length).toBeGreaterThan(0);
    for (const mention of mentions) expect(mention.pinged.users).toEqual(mention.mentionIds);
    for (const other of posted.filter((m) => !mentions.includes(m)))
      expect(other.pinged, other.content).toEqual({ users: [], roles: [], everyone: false });
    expect(finished.status).toBe('finished');
    const summary = h.fake.messages(h.channel.id).find((m) => m.embeds[0]?.title?.startsWith('🏆 Tiny'));
    expect(summary?.embeds[0]?.description).toMatch(/points/);
    const winner = (await h.service.status(gameId)).placings![0]!;
    expect(await h.service.stats(h.guildId, 'tiny', winner.userId!)).toMatchObject({ games: 1, wins: 1 });
  });
});
