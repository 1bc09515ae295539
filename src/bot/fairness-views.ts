/**
 * What the messages say of the seed commitment (docs/fairness.md): the full commitment, the nonce and the seated
 * people's values in the lobby, the commitment on the board, the revealed server seed in the summary, and each
 * person's private record of their seat.
 */
import type { APIEmbedField } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { commandWords, slashCommand } from '../games/index';
import { HMAC_GENERATOR } from '../games/kit/random';
import { replyWords, type Language } from '../i18n/index';
import type { GameInfo } from '../service/index';
import { gameMessageWords, languageOf } from './game-words';
import { colonIn } from '../i18n/punctuation';
import { EMBED_LIMITS } from './message-parts';

/** "seed commitment <64 hex digits>" for the board's footer; '' for a game without one. */
export function commitmentFooter(game: GameInfo): string {
  if (!game.fairness) return '';
  return gameMessageWords(game)('fairness.commitment', { hash: game.fairness.commitment });
}

/**
 * "/hare join client-seed:" as Discord shows the command in `language` (its localised names, the English ones for
 * a game without a catalogue): what a person types to give their own value.
 */
export function joinCommandText(module: AnyGameModule, language: Language): string {
  const join = commandWords(module, language)?.subcommands['join'];
  const command = commandWords(module, language)?.name ?? module.key;
  const option = join?.options['client-seed']?.name ?? 'client-seed';
  return `/${command} ${join?.name ?? 'join'} ${option}:`;
}

/** The seated people's values, "name: `value`" (or "seat number: `value`" when `numbered`), in seat order. */
function seatValues(game: GameInfo, numbered = false): string[] {
  return game.seats.flatMap((seat) =>
    seat.clientSeed
      ? [`${numbered ? seat.index + 1 : seat.name}${colonIn(languageOf(game))}\`${seat.clientSeed}\``]
      : [],
  );
}

/** A field's text with the seated people's values by name, or by seat number when names would not fit. */
function fittedValue(build: (values: (numbered: boolean) => string) => string, game: GameInfo): string {
  const none = gameMessageWords(game)('fairness.noValues');
  const values = (numbered: boolean) => seatValues(game, numbered).join(', ') || none;
  const named = build(values);
  if (named.length <= EMBED_LIMITS.fieldValue) return named;
  return build(() => values(true)).slice(0, EMBED_LIMITS.fieldValue);
}

/** The lobby's field: the full commitment, the nonce and every seated person's value, shown before the start. */
export function lobbyFairnessField(module: AnyGameModule, game: GameInfo): APIEmbedField | null {
  const fairness = game.fairness;
  if (!fairness) return null;
  const t = gameMessageWords(game);
  const value = fittedValue(
    (values) =>
      t('fairness.lobbyField', {
        commitment: fairness.commitment,
        nonce: game.id,
        values: values(false),
        join: joinCommandText(module, game.options.language),
      }),
    game,
  );
  return { name: t('fairness.title'), value };
}

/** The summary's field revealing the server seed, so anyone can check the commitment; null without one. */
export function revealField(module: AnyGameModule, game: GameInfo): APIEmbedField | null {
  const fairness = game.fairness;
  if (!fairness) return null;
  const t = gameMessageWords(game);
  const current = (game.generator ?? 1) === HMAC_GENERATOR;
  const value = fittedValue(
    (values) =>
      [
        t('fairness.serverSeed', { seed: fairness.serverSeed ?? '' }),
        current
          ? t('fairness.begins', { hash: fairness.commitment, nonce: game.id, values: values(false) })
          : t('fairness.beginsOld', { hash: fairness.commitment, client: fairness.clientSeed ?? '?' }),
        t('fairness.check', { command: slashCommand(module, languageOf(game), 'verify') }),
      ].join('\n'),
    game,
  );
  return { name: t('fairness.title'), value };
}

/**
 * The private record of a person's seat: the game, the full commitment and their value, to keep and check the
 * game with once it is over; null when the game made no commitment or they hold no seat.
 */
export function seatRecordText(
  module: AnyGameModule,
  game: GameInfo,
  userId: string,
  language: Language,
  title: string,
  changed = false,
): string | null {
  const seat = game.seats.find((candidate) => candidate.userId === userId);
  if (!game.fairness || !seat?.clientSeed) return null;
  const t = replyWords(language);
  const values = { title, id: game.id, commitment: game.fairness.commitment, value: seat.clientSeed };
  if (changed) return t('confirm.valueSet', values);
  return t('confirm.seatRecord', {
    ...values,
    seat: t('bot.seat', { number: seat.index + 1 }),
    join: joinCommandText(module, language),
  });
}
