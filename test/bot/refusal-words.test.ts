/**
 * Every refusal and private reply the bot can write has its words in every language: each key the code names
 * exists in German, French and Spanish (not only through the English fallback), each service refusal reads in
 * the reader's language with no English-only word, and a game's own reason for an illegal move (Greed's) comes
 * in the reader's language too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorText, sentenceRefusal, userRefusal } from '../../src/bot/respond';
import { leaderboardEmbed, statsEmbed } from '../../src/bot/stats-views';
import { GAMES } from '../../src/games/index';
import {
  messageAt,
  MESSAGES_CATALOGUE,
  REPLIES_CATALOGUE,
  type Language,
  type Messages,
} from '../../src/i18n/index';
import { refusal, type ServiceError } from '../../src/service/index';
import { englishLeft, englishOnlyWords } from '../support/language-sweep';
import { ALICE, makeHarness } from '../service/helpers';

const OTHERS: readonly Language[] = ['de', 'fr', 'es'];
const NAMESPACES = 'refusal|option|failure|bot|limit|start|confirm|suggest|log|history|replay|stats';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The replies keys the code names as literals, and the `start.${what}…` family by its two places. */
function keysInCode(): Set<string> {
  const keys = new Set<string>();
  const files = [...sourceFiles('src/bot'), ...sourceFiles('src/service'), 'src/games/options.ts'];
  const literal = new RegExp(`['\`]((?:${NAMESPACES})\\.[A-Za-z]+)['\`]`, 'g');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // (a file name such as 'replay.png' is no key)
    for (const [, key] of text.matchAll(literal)) if (!key!.endsWith('.png')) keys.add(key!);
    for (const [, rest] of text.matchAll(/`start\.\$\{what\}(\w+)`/g))
      for (const what of ['thread', 'post']) keys.add(`start.${what}${rest}`);
  }
  return keys;
}

/** Whether `messages` has `key` itself, or its plural forms. */
function has(messages: Messages, key: string): boolean {
  return messageAt(messages, key) !== undefined || messageAt(messages, `${key}_other`) !== undefined;
}

/** Sample values for every placeholder of a sentence. */
function sampleValues(key: string): Record<string, string | number> {
  const english = messageAt(REPLIES_CATALOGUE.en, key) ?? messageAt(REPLIES_CATALOGUE.en, `${key}_other`)!;
  const values: Record<string, string | number> = { count: 3 };
  for (const [, name] of english.matchAll(/\{\{(\w+)/g)) values[name!] = name === 'count' ? 3 : 7;
  return values;
}

describe('the replies’ words in every language', () => {
  it('every key the code names is in every language', () => {
    const keys = keysInCode();
    expect(keys.size).toBeGreaterThan(80);
    // Public messages share some sections' names (log.…): a key is the replies' or the messages' own.
    for (const key of keys) {
      const catalogue = has(REPLIES_CATALOGUE.en, key) ? REPLIES_CATALOGUE : MESSAGES_CATALOGUE;
      for (const language of ['en', ...OTHERS] as const)
        expect(has(catalogue[language], key), `${language}: ${key}`).toBe(true);
    }
  });

  it('every service refusal renders in German, French and Spanish, with no English-only word', () => {
    const refusals = Object.keys(REPLIES_CATALOGUE.en['refusal'] as Messages)
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key, i, all) => all.indexOf(key) === i && key !== 'notAllowed');
    expect(refusals.length).toBeGreaterThan(25);
    for (const name of refusals) {
      const key = `refusal.${name}`;
      const error: ServiceError = refusal('not_host', key, sampleValues(key));
      const english = errorText(error, 'en');
      if (/^[a-z{]/.test(error.message))
        expect(error.message, key).toBe(english.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, ''));
      for (const language of OTHERS) {
        const text = errorText(error, language);
        expect(text, `${language}: ${key}`).not.toBe(english);
        expect(englishLeft([text], englishOnlyWords(REPLIES_CATALOGUE, language))).toEqual([]);
      }
    }
  });

  it('the bot’s own refusals, as sentences too, in the reader’s language', () => {
    for (const key of ['bot.notThisChannel', 'bot.gameIsOver', 'confirm.done']) {
      const error = userRefusal(key);
      expect(error.message).toBe(errorText(error, 'en'));
      for (const language of OTHERS) expect(errorText(error, language)).not.toBe(error.message);
    }
    const notSeated = sentenceRefusal('refusal.notSeated');
    expect(notSeated.message).toBe('You are not playing in this game.');
    expect(errorText(notSeated, 'de')).toBe('Du spielst in dieser Partie nicht mit.');
    expect(errorText(notSeated, 'fr')).toBe('Tu ne joues pas dans cette partie.');
    expect(errorText(notSeated, 'es')).toBe('No juegas en esta partida.');
  });

  it('a game’s reason for an illegal move in the reader’s language (Greed: stop before rolling)', async () => {
    const h = await makeHarness();
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: 'g',
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    const game = (await h.service.getGame(lobby.id))!;
    const refused = await h.service.act(game.id, ALICE.id, { type: 'stop' }, game.version).catch((e) => e);
    expect(errorText(refused, 'en')).toBe('Not allowed: you can stop only after a roll that scored.');
    expect(errorText(refused, 'de')).toBe(
      'Nicht erlaubt: aufhören kannst du erst nach einem Wurf, der gezählt hat.',
    );
  });

  it('stats and the leaderboard in the reader’s language, numbers with a decimal comma', () => {
    const hare = GAMES.require('hare');
    const record = {
      guildId: 'g',
      gameKey: 'hare',
      userId: '1',
      name: 'Ada',
      games: 4,
      wins: 1,
      placeSum: 9,
      beaten: { novice: 2 },
      updatedAt: 0,
    };
    const rating = {
      playerId: '1',
      name: 'Ada',
      mu: 27.14,
      sigma: 4.93,
      conservative: 12.35,
      games: 4,
      wins: 1,
    };
    const english = statsEmbed(hare, 'Ada', record as never, {
      rating: rating as never,
      chart: false,
    }).toJSON();
    expect(english.fields?.map((f) => f.value)).toContain('2.25');
    const german = statsEmbed(
      hare,
      'Ada',
      record as never,
      { rating: rating as never, chart: false },
      'de',
    ).toJSON();
    expect(german.fields?.map((f) => f.name)).toEqual([
      'Wertung',
      'Partien',
      'Siege',
      'Durchschnittlicher Platz',
      'Besiegte Computer',
    ]);
    expect(german.fields?.map((f) => f.value)).toContain('2,25');
    const board = leaderboardEmbed(hare, [rating as never], 'fr').toJSON();
    expect(board.description).toBe('1. <@1> — cote 12,3 · 1 victoire en 4 parties');
    for (const language of OTHERS) {
      const texts = [
        statsEmbed(
          hare,
          'Ada',
          record as never,
          { rating: rating as never, chart: false },
          language,
        ).toJSON(),
        leaderboardEmbed(hare, [rating as never], language).toJSON(),
      ].flatMap((embed) => [
        embed.title ?? '',
        embed.description ?? '',
        embed.footer?.text ?? '',
        ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]),
      ]);
      expect(englishLeft(texts, englishOnlyWords(REPLIES_CATALOGUE, language))).toEqual([]);
    }
  });
});
