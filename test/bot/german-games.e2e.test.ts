/**
 * Every game played to its end in German, through the real discord.js client and the fake Discord: a player
 * whose Discord is in German, on a German server, against computers. No English word may be left in anything
 * the player sees: the lobby, the boards, the turn mentions, the summary, the private replies (refusals, the
 * hand, the log, stats, history, verify), the buttons and menus, the images' descriptions and the texts the
 * images draw.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Locale } from 'discord.js';
import { englishLeft } from '../support/language-sweep';
import { channelGame, runCommand, startGame, waitForSummary } from './harness';
import {
  wordsByPlace,
  englishWords,
  harnessIn,
  playerIn,
  playToEnd,
  seenTexts,
  type LanguageHarness,
  withoutAllowed,
} from './language-e2e';

const PLAYER = 'Jürgen';
const english = englishWords('de');

interface GameCase {
  key: string;
  options: Record<string, string | number>;
  /** A play command typed on one of the player's turns (it is then their move). */
  typed?: string;
}

const CASES: GameCase[] = [
  { key: 'hare', options: { seats: 2, 'computer-level': 'novice', speed: 'fast' } },
  {
    key: 'greed',
    options: { seats: 2, 'computer-level': 'steady', speed: 'fast', target: 1500, entry: 0 },
    typed: 'roll',
  },
  { key: 'candyland', options: { seats: 2, speed: 'fast' }, typed: 'draw' },
  { key: 'hedgehogs', options: { seats: 2, 'computer-level': 'novice', speed: 'fast' } },
];

describe('the English-word check', () => {
  it('finds English in English texts and none in German ones, leaving names, mentions and commands alone', () => {
    const found = englishLeft([withoutAllowed('It is your turn, <@123>: /hare hand', [], [])], english);
    expect(found.map((entry) => entry.split(' ')[0])).toEqual(['it', 'is', 'your', 'turn']);
    expect(
      englishLeft(
        [withoutAllowed('Du bist dran, Jürgen: /hare hand seats:3 · 1be2ad5ca', [PLAYER], [])],
        english,
      ),
    ).toEqual([]);
  });
});

describe('every game in German, end to end', () => {
  let h: LanguageHarness;
  afterEach(async () => {
    await h.close();
  });

  it.each(CASES)('$key: no English word in what a German player sees', async ({ key, options, typed }) => {
    h = await harnessIn(Locale.German);
    const player = playerIn(h, PLAYER, Locale.German);
    const command = (subcommand: string, values: Record<string, string | number> = {}) =>
      runCommand(h, player, subcommand, values, key);

    await command('status'); // no game yet: a refusal
    const { gameId } = await startGame(h, [player], options, key);
    expect((await h.service.getGame(gameId))!.options.language).toBe('de');
    const turns = await playToEnd(h, key, gameId, [player], async (turn) => {
      if (turn === 0) {
        await command('status');
        await command('hand');
        await command('rules');
      }
      if (turn === 1 && typed) await command(typed);
      if (turn === 2) await command('log');
    });
    expect(turns).toBeGreaterThan(1);
    await waitForSummary(h, gameId);
    expect(await channelGame(h)).toBeNull();
    for (const subcommand of ['log', 'stats', 'leaderboard', 'history', 'verify', 'hand'])
      await command(subcommand);
    if (typed) await command(typed); // the game is over: a refusal

    const game = (await h.service.getGame(gameId))!;
    const names = [PLAYER, player.username];
    const seen = seenTexts(h);
    expect(game.seats.some((seat) => seat.kind === 'computer')).toBe(true);
    // The boards and the summary reached the channel, and their drawn texts were read.
    expect(seen.filter((text) => text.place === 'public images').length).toBeGreaterThan(20);
    const found = wordsByPlace(seen, english, names, [gameId]);
    for (const place of Object.keys(found) as (keyof typeof found)[])
      expect.soft(found[place], `${key}: English in the ${place}`).toEqual([]);
  });
});
