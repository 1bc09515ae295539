/**
 * What landing on a hare square can do, as weighted outcomes, for the computer players' evaluations.
 * Cards are treated as drawn from the multiset of the whole deck (the order of the deck is hidden), and
 * the classic die as fair. Outcomes that depend on the other seats take their counts from a context, so
 * the same code serves the solitaire tables (typical counts) and live decisions (the real ones).
 */
import {
  FINISH,
  HARE_DECK,
  HARE_TABLE,
  squareKind,
  type HareCard,
  type HareRollResult,
  type RulesName,
} from '../rules/index';

export interface HareContext {
  /** Unfinished seats behind the runner after its move. */
  behind: number;
  /** Seats in front of it (finished seats count as in front). */
  inFront: number;
  /** Other unfinished seats holding at least one carrot (they pay 1 each on "Shuffle"). */
  othersWithCarrots: number;
  /** The runner's race position after its move. */
  rank: number;
  /** Classic "back to carrot" and "forward to carrot" targets, or null to stay. */
  carrotBehindTo: number | null;
  carrotAheadTo: number | null;
  /** Classic "drop back" target, or null to stay. */
  dropBackTo: number | null;
  /** Classic "move up" target, or null to stay. */
  moveUpTo: number | null;
}

/** What a hare result does to the runner's carrots (never below 0). */
export type CarrotChange =
  | { kind: 'keep' }
  | { kind: 'add'; amount: number }
  | { kind: 'set'; amount: number }
  | { kind: 'half' }
  /** "Give 10": 10, 5 or 1 to each of `receivers`, the most the runner can afford. */
  | { kind: 'give'; receivers: number };

/**
 * One weighted effect of a hare result, for any carrot count: where the runner stands, its lettuces,
 * its carrots, and the rounds it gains (-1, plays again) or loses (+1, misses a turn).
 */
export interface HareEffect {
  /** The card drawn or the die result. */
  cause: HareCard | HareRollResult;
  weight: number;
  position: number;
  lettuces: number;
  change: CarrotChange;
  roundDelta: number;
  /** Classic "chew a carrot": the runner still chooses to take or pay 10 in this turn. */
  chew: boolean;
}

/** One outcome for a known carrot count. */
export interface HareOutcome extends Omit<HareEffect, 'change'> {
  carrots: number;
}

const CARD_WEIGHTS: readonly (readonly [HareCard, number])[] = (() => {
  const counts = new Map<HareCard, number>();
  for (const card of HARE_DECK) counts.set(card, (counts.get(card) ?? 0) + 1);
  return [...counts].map(([card, copies]) => [card, copies / HARE_DECK.length] as const);
})();

const KEEP: CarrotChange = { kind: 'keep' };

function giftPerSeat(carrots: number, receivers: number): number {
  if (receivers === 0) return 0;
  for (const gift of [10, 5, 1]) if (carrots >= gift * receivers) return gift;
  return 0;
}

export function carrotsAfter(change: CarrotChange, carrots: number): number {
  switch (change.kind) {
    case 'keep':
      return carrots;
    case 'add':
      return Math.max(0, carrots + change.amount);
    case 'set':
      return change.amount;
    case 'half':
      return Math.ceil(carrots / 2);
    case 'give':
      return carrots - giftPerSeat(carrots, change.receivers) * change.receivers;
  }
}

function effect(
  cause: HareCard | HareRollResult,
  weight: number,
  position: number,
  lettuces: number,
  change: CarrotChange = KEEP,
  roundDelta = 0,
  chew = false,
): HareEffect {
  return { cause, weight, position, lettuces, change, roundDelta, chew };
}

function cardEffect(
  card: HareCard,
  weight: number,
  square: number,
  lettuces: number,
  paid: number,
  context: HareContext,
): HareEffect {
  switch (card) {
    case 'players-behind':
      return effect(card, weight, square, lettuces, KEEP, context.behind > context.inFront ? 1 : -1);
    case 'lettuce-bonus':
      if (lettuces === 0) return effect(card, weight, square, lettuces, KEEP, 1);
      return effect(card, weight, square, lettuces, { kind: 'add', amount: 10 * lettuces });
    case 'restore-65':
      return effect(card, weight, square, lettuces, { kind: 'set', amount: 65 });
    case 'lose-half':
      return effect(card, weight, square, lettuces, { kind: 'half' });
    case 'free-ride':
      return effect(card, weight, square, lettuces, { kind: 'add', amount: paid });
    case 'show-carrots':
      return effect(card, weight, square, lettuces);
    case 'give-10':
      return effect(card, weight, square, lettuces, { kind: 'give', receivers: context.behind });
    case 'shuffle':
      return effect(card, weight, square, lettuces, { kind: 'add', amount: context.othersWithCarrots });
  }
}

/** The nearest carrot square from `square` in a direction that `isFree` accepts (default: any), or null. */
export function nearestCarrotSquare(
  square: number,
  step: 1 | -1,
  isFree: (square: number) => boolean = () => true,
): number | null {
  for (let index = square + step; index > 0 && index < FINISH; index += step) {
    if (squareKind(index) === 'carrot' && isFree(index)) return index;
  }
  return null;
}

function rollEffect(
  result: HareRollResult,
  square: number,
  lettuces: number,
  paid: number,
  context: HareContext,
): HareEffect {
  const weight = 1 / HARE_TABLE.length;
  switch (result) {
    case 'miss-turn':
      return effect(result, weight, square, lettuces, KEEP, 1);
    case 'back-to-carrot':
      return effect(result, weight, context.carrotBehindTo ?? square, lettuces);
    case 'forward-to-carrot':
      return effect(result, weight, context.carrotAheadTo ?? square, lettuces);
    case 'drop-back':
      return effect(result, weight, context.dropBackTo ?? square, lettuces);
    case 'move-up':
      return effect(result, weight, context.moveUpTo ?? square, lettuces);
    case 'chew-carrot':
      return effect(result, weight, square, lettuces, KEEP, 0, true);
    case 'chew-lettuce':
      if (lettuces === 0) return effect(result, weight, square, lettuces);
      return effect(result, weight, square, lettuces - 1, { kind: 'add', amount: 10 * context.rank });
    case 'last-turn-free':
      return effect(result, weight, square, lettuces, { kind: 'add', amount: paid });
    case 'move-again':
      return effect(result, weight, square, lettuces, KEEP, -1);
  }
}

/** The share of hare results that give back the carrots paid for the move ("Free ride", "Last turn free"). */
export function refundShare(rules: RulesName): number {
  if (rules === 'standard') return CARD_WEIGHTS.find(([card]) => card === 'free-ride')?.[1] ?? 0;
  return 1 / HARE_TABLE.length;
}

/** The effects of arriving on hare square `square` holding `lettuces`, having paid `paid` for the move. */
export function hareEffects(
  rules: RulesName,
  square: number,
  lettuces: number,
  paid: number,
  context: HareContext,
): HareEffect[] {
  if (rules === 'standard') {
    return CARD_WEIGHTS.map(([card, weight]) => cardEffect(card, weight, square, lettuces, paid, context));
  }
  const column = Math.min(context.rank, 4) - 1;
  return HARE_TABLE.map((row) => rollEffect(row[column] as HareRollResult, square, lettuces, paid, context));
}

/** The outcomes of arriving on a hare square with `carrots` left after paying `paid` for the move. */
export function hareOutcomes(
  rules: RulesName,
  square: number,
  carrots: number,
  lettuces: number,
  paid: number,
  context: HareContext,
): HareOutcome[] {
  return hareEffects(rules, square, lettuces, paid, context).map((effect) => ({
    cause: effect.cause,
    weight: effect.weight,
    position: effect.position,
    lettuces: effect.lettuces,
    carrots: carrotsAfter(effect.change, carrots),
    roundDelta: effect.roundDelta,
    chew: effect.chew,
  }));
}
