import { ordinal, squareLabel } from './board';
import { HARE_CARD_NAMES } from './hare';
import type { GameEvent } from './types';
import { carrotCount, count } from './words';

export interface DescribeOptions {
  /** The display name of a seat; default "Seat N" (1-based). */
  name?: (seat: number) => string;
  /** Whether a seat's carrot counts are secret in this description (standard rules, public log). */
  hideCarrots?: (seat: number) => boolean;
  /** The short form of a board's header: squares by number only, no carrot counts. */
  brief?: boolean;
}

/** "the start", "square 12 (carrot)" ("square 12" in brief), "the finish". */
function whereOnTrack(square: number, brief: boolean): string {
  if (square === 0) return 'the start';
  if (square === 64) return 'the finish';
  return brief ? `square ${square}` : `square ${square} (${squareLabel(square)})`;
}

/** The one-line transactions-log entry for an event. */
export function describeEvent(event: GameEvent, options: DescribeOptions = {}): string {
  const name = options.name ?? ((seat: number) => `Seat ${seat + 1}`);
  const brief = options.brief ?? false;
  const hidden = options.hideCarrots ?? (() => false);
  const carrots = (seat: number, before: number, after: number) =>
    hidden(seat) || brief ? '' : ` [carrots ${before} → ${after}]`;
  const where = (square: number) => whereOnTrack(square, brief);
  switch (event.type) {
    case 'move':
      return brief
        ? `${name(event.seat)} moves to ${where(event.to)} and pays ${carrotCount(event.cost)}`
        : `${name(event.seat)} moves from ${where(event.from)} to ${where(event.to)} and pays ${carrotCount(event.cost)}${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'move-back':
      return brief
        ? `${name(event.seat)} falls back to square ${event.to} and receives ${carrotCount(event.gain)}`
        : `${name(event.seat)} falls back from square ${event.from} to the tortoise on square ${event.to} and receives ${carrotCount(event.gain)}${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'eat':
      return brief
        ? `${name(event.seat)} eats a lettuce as ${ordinal(event.rank)} and receives ${carrotCount(event.gain)}`
        : `${name(event.seat)} eats a lettuce on square ${event.square} as ${ordinal(event.rank)} in the race and receives ${carrotCount(event.gain)}; ${count(event.lettucesAfter, 'lettuce')} left${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'carrots': {
      const what = event.amount > 0 ? 'takes 10 carrots' : 'pays 10 carrots';
      const why = event.reason === 'chew' ? ' (chew a carrot)' : '';
      return `${name(event.seat)} ${what}${why}${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    }
    case 'skip':
      return `${name(event.seat)} cannot move and skips the turn on ${where(event.square)}`;
    case 'miss-turn':
      return `${name(event.seat)} misses this turn`;
    case 'forfeit':
      return `${name(event.seat)} ran out of time and loses the turn`;
    case 'number-payout':
      return `${name(event.seat)} is ${ordinal(event.rank)}${brief ? '' : ' in the race'} on ${where(event.square)} and receives ${carrotCount(event.gain)}${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'hare-card': {
      const shown =
        event.card === 'show-carrots' ? '' : carrots(event.seat, event.carrotsBefore, event.carrotsAfter);
      return `${name(event.seat)} draws "${HARE_CARD_NAMES[event.card]}": ${event.effect}${shown}`;
    }
    case 'hare-roll':
      return `${name(event.seat)} rolls a ${event.roll} as ${ordinal(event.rank)}${brief ? '' : ' in the race'}: ${event.effect}${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'restart':
      return `${name(event.seat)} is stuck on ${where(event.from)} and starts again with 65 carrots${carrots(event.seat, event.carrotsBefore, event.carrotsAfter)}`;
    case 'finish':
      return `${name(event.seat)} finishes ${ordinal(event.place)}${hidden(event.seat) ? '' : ` with ${carrotCount(event.carrots)}`}`;
    case 'play-again':
      return `${name(event.seat)} plays again`;
    case 'turn-limit':
      return `The turn limit (${event.turn}) is reached`;
    case 'game-over': {
      const ranking = event.places
        .map((place, seat) => ({ place, seat }))
        .sort((a, b) => (a.place ?? 99) - (b.place ?? 99))
        .map(({ place, seat }) => `${ordinal(place ?? 0)} ${name(seat)}`);
      return `Game over: ${ranking.join(', ')}`;
    }
  }
}
