/**
 * A German game with a French player: the lobby opens on a German server, a player whose Discord is in French
 * joins and plays. Everything the channel reads (the lobby, the boards, the turn mentions, the summary, the
 * images) stays German; everything said to the French player alone (refusals, the hand, the log, the answers
 * to her commands) is French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Locale } from 'discord.js';
import { greedModule, type GameState } from '../../src/games/greed/index';
import { messageAt } from '../../src/i18n/index';
import {
  allComponents,
  boardShowing,
  channelGame,
  pressButton,
  runCommand,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
} from './harness';
import {
  englishWords,
  foreignWords,
  harnessIn,
  playerIn,
  playToEnd,
  seenTexts,
  wordsByPlace,
  type LanguageHarness,
  type SeenText,
} from './language-e2e';

let h: LanguageHarness;
beforeAll(async () => {
  h = await harnessIn(Locale.German);
});
afterAll(async () => {
  await h.close();
});

/** Not German: English words, and French words the German catalogues never use. */
const NOT_GERMAN = new Set([...englishWords('de'), ...foreignWords('de', 'fr')]);
/** Not French: English words, and German words the French catalogues never use. */
const NOT_FRENCH = new Set([...englishWords('fr'), ...foreignWords('fr', 'de')]);
const GERMAN_ONLY = new Set(
  [...foreignWords('fr', 'de')].filter((word) => foreignWords('en', 'de').has(word)),
);
const FRENCH_ONLY = new Set(
  [...foreignWords('de', 'fr')].filter((word) => foreignWords('en', 'fr').has(word)),
);

function holdsAny(texts: readonly SeenText[], words: ReadonlySet<string>, names: readonly string[]): boolean {
  return Object.keys(wordsByPlace(texts, words, names, [])).length > 0;
}

describe('a German lobby with a French player', () => {
  it('keeps the channel German and answers the French player in French', async () => {
    const host = playerIn(h, 'Jürgen', Locale.German);
    const french = playerIn(h, 'Amélie', Locale.French);
    const names: string[] = ['Jürgen', 'Amélie', host.username, french.username];
    const greed = (user: typeof host, subcommand: string) => runCommand(h, user, subcommand, {}, 'greed');

    const opened = await runCommand(
      h,
      host,
      'start',
      { seats: 3, 'computer-level': 'steady', speed: 'fast', target: 1500, entry: 0 },
      'greed',
    );
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    expect((await h.service.getGame(gameId))!.options.language).toBe('de');
    const lobbyButton = (button: string) => `greed:lobby:${gameId}:${button}`;
    // Leaving a lobby she is not in, then joining, then a command while the lobby waits.
    const notIn = await pressButton(h, french, lobbyId, lobbyButton('leave'));
    expect(notIn.ephemeral).toBe(true);
    await pressButton(h, french, lobbyId, lobbyButton('join'));
    await greed(french, 'roll');
    await pressButton(h, host, lobbyId, lobbyButton('start'));

    // Out of turn: a typed roll and a pressed Roll button on the host's turn.
    let outOfTurn = 0;
    for (let tries = 0; tries < 50 && outOfTurn === 0; tries++) {
      const game = await waitForBoardOrEnd(h, gameId);
      const current = game.seats[(game.state as GameState).current];
      if (current?.userId !== host.id) {
        if (current?.userId === french.id) await greed(french, 'roll');
        else await waitForVersionAfter(h, gameId, game.version, 'the computer');
        continue;
      }
      const board = boardShowing(h, game)!;
      const roll = allComponents(board).find((c) => c.custom_id?.includes(':act:'))!;
      const typed = await greed(french, 'roll');
      const pressed = await pressButton(h, french, board.id, roll.custom_id!);
      expect(typed.ephemeral).toBe(true);
      expect(pressed.ephemeral).toBe(true);
      outOfTurn++;
    }
    expect(outOfTurn).toBe(1);

    const turns = await playToEnd(h, 'greed', gameId, [host, french], async (turn, user) => {
      if (user !== french) return;
      if (turn % 4 === 0) await greed(french, 'hand');
      if (turn % 4 === 1) await greed(french, 'roll');
    });
    expect(turns).toBeGreaterThan(2);
    await waitForSummary(h, gameId);
    await greed(french, 'log');
    await greed(french, 'hand'); // the game is over: a refusal
    await greed(host, 'log');
    // Stats and the leaderboard are posted in the channel: in its language, not the French invoker's.
    const shared = [await greed(french, 'stats'), await greed(french, 'leaderboard')];
    for (const reply of shared) expect(reply.ephemeral).toBe(false);

    // The computers are named in the game's language ("Routinier 1"): a name, in whatever language one reads.
    const computers = (await h.service.getGame(gameId))!.seats.filter((seat) => seat.userId === null);
    names.push(...computers.map((seat) => seat.name));
    const texts = seenTexts(h);
    const everyone = texts.filter((text) => text.viewer === null);
    const toFrench = texts.filter((text) => text.viewer === french.id);
    const toHost = texts.filter((text) => text.viewer === host.id);
    expect(toFrench.length).toBeGreaterThan(5);
    expect(everyone.filter((text) => text.place === 'public images').length).toBeGreaterThan(20);
    expect.soft(holdsAny(everyone, GERMAN_ONLY, names), 'the channel reads German').toBe(true);
    expect.soft(holdsAny(toFrench, FRENCH_ONLY, names), 'the French player reads French').toBe(true);
    expect.soft(wordsByPlace(everyone, NOT_GERMAN, names, [gameId]), 'not German in the channel').toEqual({});
    expect
      .soft(wordsByPlace(toHost, NOT_GERMAN, names, [gameId]), 'not German in the host’s replies')
      .toEqual({});
    // A reply names the board's buttons as the German board draws them ("**Aufhören**"): src/bot/board-labels.ts.
    const german = greedModule.catalogue!.de!;
    const boardLabels = [
      `**${(messageAt(german, 'controls.stop') as string).split(':')[0]!.trim()}**`,
      `**${messageAt(german, 'actions.roll') as string}**`,
    ];
    expect
      .soft(
        wordsByPlace(toFrench, NOT_FRENCH, [...names, ...boardLabels], [gameId]),
        'not French in the French player’s replies',
      )
      .toEqual({});
  });
});
