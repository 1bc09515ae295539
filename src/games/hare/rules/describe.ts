import type { Language } from '../../../i18n/index';
import { hareWords, type HareWords } from '../hare-words';
import { squareKind } from './board';
import { effectIn } from './effect-words';
import type { GameEvent } from './types';

export interface DescribeOptions {
  /** The display name of a seat; default "Seat N" (1-based). */
  name?: (seat: number) => string;
  /** Whether a seat's carrot counts are secret in this description (standard rules, public log). */
  hideCarrots?: (seat: number) => boolean;
  /** The short form of a board's header: squares by number only, no carrot counts. */
  brief?: boolean;
  /** The language to write in (default English). */
  language?: Language;
}

/** "carrot", "number 3", "finish": a square's kind in words. */
export function squareNameIn(words: HareWords, square: number): string {
  return words.t(`square.${squareKind(square)}`);
}

/** "the start", "square 12 (carrot)" ("square 12" in brief), "the finish". */
function whereOnTrack(words: HareWords, square: number, brief: boolean): string {
  const { t } = words;
  if (square === 0) return t('event.theStart');
  if (square === 64) return t('event.theFinish');
  return brief
    ? t('event.square', { square })
    : t('event.squareNamed', { square, name: squareNameIn(words, square) });
}

/** The one-line transactions-log entry for an event. */
export function describeEvent(event: GameEvent, options: DescribeOptions = {}): string {
  const words = hareWords(options.language);
  const { t } = words;
  const name = (seat: number) => options.name?.(seat) ?? t('seat', { number: seat + 1 });
  const brief = options.brief ?? false;
  const hidden = options.hideCarrots ?? (() => false);
  const carrots = (seat: number, before: number, after: number) =>
    hidden(seat) || brief ? '' : ` ${t('event.carrotsChange', { before, after })}`;
  const where = (square: number) => whereOnTrack(words, square, brief);
  const rank = (n: number, feminine = false) => words.ordinal(n, feminine);
  switch (event.type) {
    case 'move': {
      const pays = { name: name(event.seat), to: where(event.to), carrots: words.carrots(event.cost) };
      return brief
        ? t('event.moveBrief', pays)
        : t('event.move', { ...pays, from: where(event.from) }) +
            carrots(event.seat, event.carrotsBefore, event.carrotsAfter);
    }
    case 'move-back': {
      const values = {
        name: name(event.seat),
        from: event.from,
        to: event.to,
        carrots: words.carrots(event.gain),
      };
      return brief
        ? t('event.moveBackBrief', values)
        : t('event.moveBack', values) + carrots(event.seat, event.carrotsBefore, event.carrotsAfter);
    }
    case 'eat': {
      const values = {
        name: name(event.seat),
        square: event.square,
        rank: rank(event.rank, true),
        carrots: words.carrots(event.gain),
        lettuces: words.lettuces(event.lettucesAfter),
      };
      return brief
        ? t('event.eatBrief', values)
        : t('event.eat', values) + carrots(event.seat, event.carrotsBefore, event.carrotsAfter);
    }
    case 'carrots': {
      const key = `event.${event.amount > 0 ? 'take' : 'pay'}${event.reason === 'chew' ? 'Chew' : ''}`;
      return (
        t(key, { name: name(event.seat) }) + carrots(event.seat, event.carrotsBefore, event.carrotsAfter)
      );
    }
    case 'skip':
      return t('event.skip', { name: name(event.seat), where: where(event.square) });
    case 'miss-turn':
      return t('event.missTurn', { name: name(event.seat) });
    case 'forfeit':
      return t('event.forfeit', { name: name(event.seat) });
    case 'number-payout': {
      const values = {
        name: name(event.seat),
        rank: rank(event.rank),
        where: where(event.square),
        carrots: words.carrots(event.gain),
      };
      return (
        t(brief ? 'event.payoutBrief' : 'event.payout', values) +
        carrots(event.seat, event.carrotsBefore, event.carrotsAfter)
      );
    }
    case 'hare-card': {
      const shown =
        event.card === 'show-carrots' ? '' : carrots(event.seat, event.carrotsBefore, event.carrotsAfter);
      const card = t(`card.${event.card}`);
      return t('event.hareCard', { name: name(event.seat), card, effect: effectIn(event, words) }) + shown;
    }
    case 'hare-roll': {
      const values = {
        name: name(event.seat),
        roll: event.roll,
        rank: rank(event.rank, true),
        effect: effectIn(event, words),
      };
      return (
        t(brief ? 'event.hareRollBrief' : 'event.hareRoll', values) +
        carrots(event.seat, event.carrotsBefore, event.carrotsAfter)
      );
    }
    case 'restart':
      return (
        t('event.restart', { name: name(event.seat), where: where(event.from) }) +
        carrots(event.seat, event.carrotsBefore, event.carrotsAfter)
      );
    case 'finish': {
      const values = { name: name(event.seat), place: rank(event.place) };
      return hidden(event.seat)
        ? t('event.finish', values)
        : t('event.finishWith', { ...values, carrots: words.carrots(event.carrots) });
    }
    case 'play-again':
      return t('event.playAgain', { name: name(event.seat) });
    case 'turn-limit':
      return t('event.turnLimit', { turn: event.turn });
    case 'game-over': {
      const ranking = event.places
        .map((place, seat) => ({ place, seat }))
        .sort((a, b) => (a.place ?? 99) - (b.place ?? 99))
        .map(({ place, seat }) => t('event.ranked', { place: rank(place ?? 0), name: name(seat) }));
      return t('event.gameOver', { ranking: ranking.join(', ') });
    }
  }
}
