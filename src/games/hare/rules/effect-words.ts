/**
 * What a hare card or a roll of the hare die did, in the reader's language. The event keeps the effect in
 * English words (`effect`); every other language is told from the event's data, and the counts the data does
 * not keep (runners behind and in front, the carrots shown) are read back from those English words.
 */
import type { HareWords } from '../hare-words';
import type { GameEvent, HareRollResult } from './types';

type CardEvent = Extract<GameEvent, { type: 'hare-card' }>;
type RollEvent = Extract<GameEvent, { type: 'hare-roll' }>;

const MOVING: ReadonlySet<HareRollResult> = new Set([
  'back-to-carrot',
  'forward-to-carrot',
  'drop-back',
  'move-up',
]);

/** The first number of `text` after `pattern`'s match, commas removed; null when it does not match. */
function numberAfter(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text);
  return match?.[1] === undefined ? null : Number(match[1].replace(/,/g, ''));
}

function cardEffect(event: CardEvent, words: HareWords): string | null {
  const { t } = words;
  const effect = event.effect;
  switch (event.card) {
    case 'players-behind': {
      const match = /^(\d+) behind, (\d+) in front/.exec(effect);
      if (!match) return null;
      const values = { behind: match[1] ?? '', inFront: match[2] ?? '' };
      return t(event.missNextTurn ? 'cardEffect.playersBehindMiss' : 'cardEffect.playersBehindAgain', values);
    }
    case 'lettuce-bonus': {
      if (event.missNextTurn) return t('cardEffect.noLettuce');
      const lettuces = numberAfter(effect, / for ([\d,]+) lettuce/);
      if (lettuces === null) return null;
      return t('cardEffect.lettuceBonus', {
        carrots: words.carrots(10 * lettuces),
        lettuces: words.lettuces(lettuces),
      });
    }
    case 'restore-65':
      return t('cardEffect.restore');
    case 'lose-half':
      return t('cardEffect.loseHalf');
    case 'free-ride': {
      const paid = numberAfter(effect, /gets back the ([\d,]+) carrot/);
      return paid === null ? null : t('cardEffect.freeRide', { carrots: words.carrots(paid) });
    }
    case 'show-carrots': {
      const shown = numberAfter(effect, /shows ([\d,]+) carrot/);
      return shown === null ? null : t('cardEffect.show', { carrots: words.carrots(shown) });
    }
    case 'give-10': {
      const gift = event.transfers[0]?.amount;
      if (gift === undefined)
        return t(effect.startsWith('nobody') ? 'cardEffect.nobodyBehind' : 'cardEffect.cannotGive');
      const receivers = event.transfers.length;
      return receivers === 1
        ? t('cardEffect.giveOne', { carrots: words.carrots(gift) })
        : t('cardEffect.giveEach', { carrots: words.carrots(gift), runners: receivers });
    }
    case 'shuffle':
      return t('cardEffect.shuffle', { carrots: words.carrots(event.transfers.length) });
  }
}

function rollEffect(event: RollEvent, words: HareWords): string {
  const { t } = words;
  if (MOVING.has(event.result)) {
    return event.to !== event.from
      ? t(`roll.moved.${event.result}`, { square: event.to })
      : t('roll.stays', { result: t(`roll.${event.result}`) });
  }
  if (event.result === 'chew-lettuce') {
    const gain = numberAfter(event.effect, /: receives ([\d,]+) carrot/);
    return gain === null ? t('roll.noneToChew') : t('roll.chewed', { carrots: words.carrots(gain) });
  }
  return t(`roll.${event.result}`);
}

/** The effect of a hare card or roll in `words`' language (the event's own words if they cannot be read). */
export function effectIn(event: CardEvent | RollEvent, words: HareWords): string {
  return (event.type === 'hare-card' ? cardEffect(event, words) : rollEffect(event, words)) ?? event.effect;
}
