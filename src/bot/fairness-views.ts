/**
 * What the messages say of the seed commitment (docs/fairness.md): the full commitment, the nonce and the seated
 * people's values in the lobby, the commitment on the board, the revealed server seed in the summary, and each
 * person's private record of their seat.
 */
import type { APIEmbedField } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { HMAC_GENERATOR } from '../games/kit/random';
import { replyWords, type Language } from '../i18n/index';
import type { GameRecord } from '../store/index';
import { gameMessageWords } from './game-words';

/** "seed commitment <64 hex digits>" for the board's footer; '' for a game without one. */
export function commitmentFooter(game: GameRecord): string {
  if (!game.fairness) return '';
  return gameMessageWords(game)('fairness.commitment', { hash: game.fairness.commitment });
}

/** The seated people's values, "name: `value`", in seat order. */
function seatValues(game: GameRecord): string[] {
  return game.seats.flatMap((seat) => (seat.clientSeed ? [`${seat.name}: \`${seat.clientSeed}\``] : []));
}

/** The lobby's field: the full commitment, the nonce and every seated person's value, shown before the start. */
export function lobbyFairnessField(module: AnyGameModule, game: GameRecord): APIEmbedField | null {
  if (!game.fairness) return null;
  const t = gameMessageWords(game);
  const values = seatValues(game);
  return {
    name: t('fairness.title'),
    value: t('fairness.lobbyField', {
      commitment: game.fairness.commitment,
      nonce: game.id,
      values: values.length ? values.join(', ') : t('fairness.noValues'),
      command: module.key,
    }),
  };
}

/** The summary's field revealing the server seed, so anyone can check the commitment; null without one. */
export function revealField(module: AnyGameModule, game: GameRecord): APIEmbedField | null {
  const fairness = game.fairness;
  if (!fairness) return null;
  const t = gameMessageWords(game);
  const current = (game.generator ?? 1) === HMAC_GENERATOR;
  return {
    name: t('fairness.title'),
    value: [
      t('fairness.serverSeed', { seed: fairness.serverSeed }),
      current
        ? t('fairness.begins', {
            hash: fairness.commitment,
            nonce: game.id,
            values: seatValues(game).join(', ') || t('fairness.noValues'),
          })
        : t('fairness.beginsOld', { hash: fairness.commitment, client: fairness.clientSeed ?? '?' }),
      t('fairness.check', { command: module.key }),
    ].join('\n'),
  };
}

/**
 * The private record of a person's seat: the game, the full commitment and their value, to keep and check the
 * game with once it is over; null when the game made no commitment or they hold no seat.
 */
export function seatRecordText(
  module: AnyGameModule,
  game: GameRecord,
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
    seat: `${t('confirm.seat')} ${seat.index + 1}`,
    command: module.key,
  });
}
