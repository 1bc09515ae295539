/**
 * Every private reply speaks the reader's language (Discord's `locale` of the interaction), whatever the game's
 * public language: refusals (not your turn, not the host, a full lobby, a bad option, a busy channel), /log,
 * the history, the replay, the fairness check and the hand. None of them keeps an English-only word. Stats and the
 * leaderboard are posted in the channel for everyone: they speak the channel's game language (else the server's),
 * not the reader's, and are no private replies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameTitle } from '../../src/bot/game-words';
import { commandWords } from '../../src/games/command-words';
import { GAMES } from '../../src/games/index';
import { REPLIES_CATALOGUE, replyWords, type Language } from '../../src/i18n/index';
import { sentence, stateSeenBy, textContext } from '../../src/service/index';
import { englishLeft, englishOnlyWords } from '../support/language-sweep';
import {
  createHarness,
  pressButton,
  runCommand,
  startGame,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';

type ReaderLocale = NonNullable<Parameters<Harness['fake']['addUser']>[0]['locale']>;
type Answer = Awaited<ReturnType<typeof runCommand>>;

/** Words the bot wrote in English before these replies had a catalogue. */
const EXTRA = [
  'Played',
  'choose your move',
  'nobody',
  'another player',
  'Statistics are kept per server',
  'Rating',
  'skill',
  'leaderboard',
  'Average place',
  'Computers beaten',
  'Download log',
  'Rematch',
  'Replay',
  'Newer',
  'Older',
];

const READERS: readonly { language: Language; locale: ReaderLocale }[] = [
  { language: 'fr', locale: 'fr' },
  { language: 'de', locale: 'de' },
  { language: 'es', locale: 'es-419' },
];

const hare = GAMES.require('hare');

/** Everything a reply shows: its text, its embeds' texts and its controls' labels. */
function textsOf(answer: Answer): string[] {
  const message = answer.message;
  if (!message) return [];
  const texts = [message.content];
  for (const embed of message.embeds) {
    texts.push(embed.title ?? '', embed.description ?? '', embed.footer?.text ?? '');
    for (const field of embed.fields ?? []) texts.push(field.name, field.value);
  }
  const labels = JSON.stringify(message.components).matchAll(/"(?:label|placeholder)":"([^"]*)"/g);
  for (const [, label] of labels) texts.push(label!);
  // Links, ids and hashes name no words of a language.
  return texts
    .map((text) => text.replace(/https?:\/\/\S+/g, '').replace(/[\p{L}\d]*\d[\p{L}\d]*/gu, ''))
    .filter((text) => text !== '');
}

describe.each(READERS)('private replies for a reader in $locale', ({ language, locale }) => {
  let h: Harness;
  const t = replyWords(language);
  // The harness's server and its running game speak English: the language of the public answers.
  const tPublic = replyWords('en');
  const shown: string[] = [];
  let reader: ReturnType<Harness['fake']['addUser']>;

  beforeAll(async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
    reader = h.fake.addUser({ username: `reader-${locale}`, globalName: 'Rea', locale, guilds: [h.guildId] });
  });
  afterAll(() => h.close());

  const run = async (subcommand: string, options: Record<string, string | number> = {}, name = 'hare') => {
    const answer = await runCommand(h, reader, subcommand, options, name);
    shown.push(...textsOf(answer));
    return answer;
  };
  const press = async (messageId: string, customId: string) => {
    const answer = await pressButton(h, reader, messageId, customId);
    shown.push(...textsOf(answer));
    return answer;
  };

  it('refusals: a bad option, not the host, a full lobby, a busy channel, not your turn', async () => {
    const { alice, bob } = h.users;
    // A forged value (Discord's own client keeps to the range).
    const badOption = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: reader,
        channel: h.channel,
        name: 'hare',
        subcommand: 'start',
        options: { seats: 99 },
        forged: true,
      }),
    );
    shown.push(...textsOf(badOption));
    expect(badOption.ephemeral).toBe(true);
    const seats = commandWords(hare, language)!.subcommands['start']!.options['seats']!.name;
    const problem = t('option.range', { name: seats, min: hare.seats.min, max: hare.seats.max });
    expect(badOption.message?.content).toBe(t('option.refused', { problem }));

    const opened = await runCommand(h, alice, 'start', { seats: 2 });
    const lobby = (await h.service.findActiveGameInChannel(h.channel.id))!;
    const notHost = await press(opened.message!.id, `hare:lobby:${lobby.id}:add-computer`);
    expect(notHost.ephemeral).toBe(true);
    expect(notHost.message?.content).toBe(sentence(t('refusal.notHost')));

    const busy = await run('start', {}, 'greed');
    const link = `https://discord.com/channels/${h.guildId}/${h.channel.id}/${opened.message!.id}`;
    expect(busy.message?.content).toBe(t('bot.busyLobbyLink', { title: gameTitle(hare, language), link }));

    await pressButton(h, bob, opened.message!.id, `hare:lobby:${lobby.id}:join`);
    const full = await press(opened.message!.id, `hare:lobby:${lobby.id}:join`);
    expect(full.message?.content).toBe(sentence(t('refusal.lobbyFull', { seats: 2 })));
    await runCommand(h, alice, 'end');
    await waitUntil(
      async () => (await h.service.findActiveGameInChannel(h.channel.id)) === null,
      5000,
      'no lobby',
    );

    const { gameId } = await startGame(h, [alice, reader], { seats: 2, rules: 'standard' });
    await waitForTurnOf(h, gameId, alice.id);
    const notYourTurn = await run('move', { square: 3 });
    expect(notYourTurn.message?.content).toBe(sentence(t('refusal.notYourTurn', { player: 'Alice' })));
  });

  it('the hand and /log in the reader’s language; stats, public, in the game’s', async () => {
    const game = (await h.service.findActiveGameInChannel(h.channel.id))!;
    const hand = await run('hand');
    const view = stateSeenBy(hare, game, game.state, 1);
    const english = hare.texts.hand(view, 1, textContext(game, 1));
    expect(hand.message?.content).toBe(hare.texts.hand(view, 1, { ...textContext(game, 1), language }));
    expect(hand.message?.content).not.toBe(english);

    await runCommand(h, h.users.alice, 'move', { square: 3 });
    await waitForTurnOf(h, game.id, reader.id);
    const log = await run('log');
    const lines = (await h.service.history(game.id, 12, { language })).flatMap((entry) => entry.lines);
    const englishLines = (await h.service.history(game.id, 12)).flatMap((entry) => entry.lines);
    expect(lines.length).toBeGreaterThan(0);
    expect(log.message?.content).toBe(lines.map((line) => `• ${line}`).join('\n'));
    expect(lines).not.toEqual(englishLines);

    // A move of the reader's own: its lines in the reader's language, not the game's (English).
    const before = (await h.service.getGame(game.id))!;
    const to = (hare.rules.legalActions(before.state) as { type: string; to?: number }[]).find(
      (action) => action.type === 'move',
    )!.to!;
    const moved = await run('move', { square: to });
    const movedLines = (await h.service.history(game.id, 1, { language }))[0]!.lines;
    const movedEnglish = (await h.service.history(game.id, 1))[0]!.lines;
    // One short line, the move itself (the board shows the rest).
    expect(moved.message?.content).toBe(movedLines[0]);
    expect(movedLines).not.toEqual(movedEnglish);

    // Stats are posted in the channel: in the running game's language (English), not the reader's.
    const stats = await runCommand(h, reader, 'stats');
    expect(stats.ephemeral).toBe(false);
    expect(stats.message?.embeds[0]?.description).toBe(
      tPublic('stats.none', { name: 'Rea', title: gameTitle(hare, 'en') }),
    );
    expect(stats.message?.embeds[0]?.description).not.toBe(
      t('stats.none', { name: 'Rea', title: gameTitle(hare, language) }),
    );
  });

  it('the history, stats and leaderboard of a finished game', async () => {
    const game = (await h.service.findActiveGameInChannel(h.channel.id))!;
    // A moderator who is not playing stops it: no forfeit, the game counts for nobody.
    await runCommand(h, h.users.mod, 'end');
    await waitUntil(async () => (await h.service.getGame(game.id))!.status === 'finished', 5000, 'the end');

    const history = await run('history');
    expect(history.ephemeral).toBe(true);
    const embed = history.message!.embeds[0]!;
    expect(embed.title).toBe(`📜 ${gameTitle(hare, language)} — ${t('history.titleServer')}`);
    expect(embed.description).toContain(`**${t('history.stopped')}**`);
    expect(embed.footer?.text).toBe(t('history.footer', { page: 1, pages: 1, count: 1 }));

    // Its summary, then its replay, privately: the first step, then the first move in the reader's language.
    const summary = await h.fake.waitForFinal(
      h.fake.selectMenu({
        user: reader,
        messageId: history.message!.id,
        customId: 'hare:history-pick:all',
        values: [game.id],
      }),
    );
    const summaryLabels = JSON.stringify(summary.message?.components);
    expect(summaryLabels).toContain(`"label":"${t('history.replay')}"`);
    expect(summaryLabels).toContain(`"label":"${t('history.log')}"`);
    const replay = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: reader,
        messageId: summary.message!.id,
        customId: `hare:finished:${game.id}:replay`,
      }),
    );
    shown.push(...textsOf(replay));
    const steps = (await h.service.history(game.id)).length;
    expect(replay.message?.embeds[0]?.title).toBe(
      t('replay.title', { title: gameTitle(hare, language), step: 0, steps }),
    );
    expect(replay.message?.embeds[0]?.description).toBe(t('replay.start'));
    const first = await h.fake.waitForFinal(
      h.fake.clickButton({
        user: reader,
        messageId: replay.message!.id,
        customId: `hare:replay:${game.id}:1:next`,
      }),
    );
    shown.push(...textsOf(first));
    const firstLines = (await h.service.history(game.id, undefined, { language }))[0]!.lines;
    expect(first.message?.embeds[0]?.description).toBe(firstLines.map((line) => `• ${line}`).join('\n'));

    // Its fairness check.
    const verify = await run('verify');
    expect(verify.message?.content).toContain(
      t('confirm.verifyTitle', { title: gameTitle(hare, language), id: game.id }),
    );
    expect(verify.message?.content).toContain(t('fairness.allMatch'));

    // A game stopped before its end counts in no statistics. Stats and the leaderboard are posted in the
    // channel, where no game runs now: in the server's language (English), not the reader's.
    const stats = await runCommand(h, reader, 'stats');
    expect(stats.ephemeral).toBe(false);
    expect(stats.message?.embeds[0]?.title).toBe(`📊 Rea — ${gameTitle(hare, 'en')}`);
    const leaderboard = await runCommand(h, reader, 'leaderboard');
    expect(leaderboard.ephemeral).toBe(false);
    expect(leaderboard.message?.embeds[0]?.title).toBe(
      tPublic('stats.leaderboard', { title: gameTitle(hare, 'en') }),
    );
    expect(leaderboard.message?.embeds[0]?.description).toBe(tPublic('stats.leaderboardNone'));
    expect(leaderboard.message?.embeds[0]?.description).not.toBe(t('stats.leaderboardNone'));
  });

  it('no reply kept an English-only word', () => {
    expect(shown.length).toBeGreaterThan(10);
    expect(englishLeft(shown, englishOnlyWords(REPLIES_CATALOGUE, language, EXTRA))).toEqual([]);
  });
});
