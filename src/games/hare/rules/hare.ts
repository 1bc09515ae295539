import { FINISH, squareKind } from './board';
import { countInFront, occupantOf, raceRank, seatsBehind } from './position';
import { nextInt, shuffleInPlace } from '../../kit/random';
import type { GameEvent, GameState, HareCard, HareRollResult, SeatState } from './types';
import { carrotCount, count } from './words';

export const HARE_DECK: readonly HareCard[] = [
  'players-behind',
  'players-behind',
  'lettuce-bonus',
  'lettuce-bonus',
  'restore-65',
  'restore-65',
  'lose-half',
  'lose-half',
  'free-ride',
  'free-ride',
  'show-carrots',
  'show-carrots',
  'give-10',
  'give-10',
  'shuffle',
];

export const HARE_CARD_NAMES: Record<HareCard, string> = {
  'players-behind': 'Players behind',
  'lettuce-bonus': 'Lettuce bonus',
  'restore-65': 'Restore 65',
  'lose-half': 'Lose half',
  'free-ride': 'Free ride',
  'show-carrots': 'Show us your carrots',
  'give-10': 'Give 10',
  shuffle: 'Shuffle',
};

/** The classic hare table: HARE_TABLE[roll - 1][min(rank, 4) - 1]. */
export const HARE_TABLE: readonly (readonly HareRollResult[])[] = [
  ['miss-turn', 'miss-turn', 'miss-turn', 'miss-turn'],
  ['back-to-carrot', 'back-to-carrot', 'back-to-carrot', 'forward-to-carrot'],
  ['drop-back', 'drop-back', 'move-up', 'move-up'],
  ['chew-carrot', 'chew-lettuce', 'chew-lettuce', 'chew-lettuce'],
  ['last-turn-free', 'last-turn-free', 'last-turn-free', 'last-turn-free'],
  ['move-again', 'move-again', 'move-again', 'move-again'],
];

/** What landing on a hare square did to the turn. */
export interface HareOutcome {
  playAgain: boolean;
}

/** Changes a seat's carrots (never below 0) and keeps its spent/earned figures. */
export function changeCarrots(seat: SeatState, delta: number): void {
  const after = Math.max(0, seat.carrots + delta);
  const real = after - seat.carrots;
  if (real < 0) seat.stats.carrotsSpent -= real;
  else seat.stats.carrotsEarned += real;
  seat.carrots = after;
}

export function createDeck(state: GameState): HareCard[] {
  const deck = HARE_DECK.slice();
  shuffleInPlace(state.rng, deck);
  return deck;
}

function giftPerSeat(carrots: number, receivers: number): number {
  if (receivers === 0) return 0;
  for (const gift of [10, 5, 1]) if (carrots >= gift * receivers) return gift;
  return 0;
}

interface CardResult {
  effect: string;
  missNextTurn: boolean;
  playAgain: boolean;
  transfers: { seat: number; amount: number }[];
}

/** "gives 10 carrots to each of the 2 runners behind", "gives 5 carrots to the 1 runner behind". */
function giftEffect(gift: number, receivers: number): string {
  const whom = receivers === 1 ? 'the 1 runner' : `each of the ${receivers} runners`;
  return `gives ${carrotCount(gift)} to ${whom} behind`;
}

function applyCard(state: GameState, seatIndex: number, card: HareCard, paid: number): CardResult {
  const seat = state.seats[seatIndex] as SeatState;
  const result: CardResult = { effect: '', missNextTurn: false, playAgain: false, transfers: [] };
  switch (card) {
    case 'players-behind': {
      const behind = seatsBehind(state, seatIndex).length;
      const inFront = countInFront(state, seatIndex);
      result.missNextTurn = behind > inFront;
      result.playAgain = !result.missNextTurn;
      result.effect = `${behind} behind, ${inFront} in front: ${result.missNextTurn ? 'misses the next turn' : 'plays again'}`;
      break;
    }
    case 'lettuce-bonus':
      if (seat.lettuces > 0) {
        changeCarrots(seat, 10 * seat.lettuces);
        result.effect = `receives ${carrotCount(10 * seat.lettuces)} for ${count(seat.lettuces, 'lettuce')}`;
      } else {
        result.missNextTurn = true;
        result.effect = 'holds no lettuce: misses the next turn';
      }
      break;
    case 'restore-65':
      changeCarrots(seat, 65 - seat.carrots);
      result.effect = 'carrots become 65';
      break;
    case 'lose-half':
      changeCarrots(seat, Math.ceil(seat.carrots / 2) - seat.carrots);
      result.effect = 'loses half the carrots';
      break;
    case 'free-ride':
      changeCarrots(seat, paid);
      result.effect = `gets back the ${carrotCount(paid)} paid for this move`;
      break;
    case 'show-carrots':
      result.effect = `shows ${carrotCount(seat.carrots)}`;
      break;
    case 'give-10': {
      const receivers = seatsBehind(state, seatIndex);
      const gift = giftPerSeat(seat.carrots, receivers.length);
      for (const receiver of gift > 0 ? receivers : []) {
        changeCarrots(seat, -gift);
        changeCarrots(state.seats[receiver] as SeatState, gift);
        result.transfers.push({ seat: receiver, amount: gift });
      }
      result.effect =
        receivers.length === 0
          ? 'nobody is behind: gives nothing'
          : gift === 0
            ? 'cannot afford to give anything'
            : giftEffect(gift, receivers.length);
      break;
    }
    case 'shuffle': {
      state.seats.forEach((other, index) => {
        if (index === seatIndex || other.place !== null || other.carrots < 1) return;
        changeCarrots(other, -1);
        changeCarrots(seat, 1);
        result.transfers.push({ seat: index, amount: -1 });
      });
      result.effect = `receives ${carrotCount(result.transfers.length)} from the others; the deck is shuffled`;
      break;
    }
  }
  return result;
}

/** Standard rules: draws the top hare card, applies it, and puts it back (or shuffles the deck). */
export function drawHareCard(
  state: GameState,
  seatIndex: number,
  paid: number,
  events: GameEvent[],
): HareOutcome {
  const seat = state.seats[seatIndex] as SeatState;
  const card = state.deck.shift() as HareCard;
  const carrotsBefore = seat.carrots;
  const result = applyCard(state, seatIndex, card, paid);
  state.deck.push(card);
  if (card === 'shuffle') shuffleInPlace(state.rng, state.deck);
  if (result.missNextTurn) seat.missTurns += 1;
  seat.stats.hareResults += 1;
  events.push({
    type: 'hare-card',
    seat: seatIndex,
    square: seat.position,
    card,
    effect: result.effect,
    carrotsBefore,
    carrotsAfter: seat.carrots,
    missNextTurn: result.missNextTurn,
    playAgain: result.playAgain,
    transfers: result.transfers,
  });
  return { playAgain: result.playAgain };
}

function nearestFreeSquare(state: GameState, from: number, step: 1 | -1, kind: 'carrot'): number | null {
  for (let square = from + step; square > 0 && square < FINISH; square += step) {
    if (squareKind(square) === kind && occupantOf(state, square) < 0) return square;
  }
  return null;
}

function neighbourPosition(
  state: GameState,
  seatIndex: number,
  direction: 'ahead' | 'behind',
): number | null {
  const me = (state.seats[seatIndex] as SeatState).position;
  let best: number | null = null;
  state.seats.forEach((other, index) => {
    if (index === seatIndex || other.place !== null) return;
    if (direction === 'behind' && other.position < me && (best === null || other.position > best))
      best = other.position;
    if (direction === 'ahead' && other.position > me && (best === null || other.position < best))
      best = other.position;
  });
  return best;
}

function dropBackTarget(state: GameState, seatIndex: number): number | null {
  const behind = neighbourPosition(state, seatIndex, 'behind');
  if (behind === null) return null;
  let square = Math.max(0, behind - 1);
  while (occupantOf(state, square, seatIndex) >= 0) square--;
  return square;
}

function moveUpTarget(state: GameState, seatIndex: number): number | null {
  const ahead = neighbourPosition(state, seatIndex, 'ahead');
  if (ahead === null) return null;
  let square = ahead + 1;
  while (square < FINISH && occupantOf(state, square, seatIndex) >= 0) square++;
  return square >= FINISH ? null : square;
}

function hareMoveTarget(state: GameState, seatIndex: number, result: HareRollResult): number | null {
  const position = (state.seats[seatIndex] as SeatState).position;
  switch (result) {
    case 'back-to-carrot':
      return nearestFreeSquare(state, position, -1, 'carrot');
    case 'forward-to-carrot':
      return nearestFreeSquare(state, position, 1, 'carrot');
    case 'drop-back':
      return dropBackTarget(state, seatIndex);
    case 'move-up':
      return moveUpTarget(state, seatIndex);
    default:
      return null;
  }
}

const ROLL_EFFECTS: Record<HareRollResult, string> = {
  'miss-turn': 'misses the next turn',
  'back-to-carrot': 'back to carrot',
  'forward-to-carrot': 'forward to carrot',
  'drop-back': 'drops back',
  'move-up': 'moves up',
  'chew-carrot': 'must chew a carrot: take or pay 10 carrots',
  'chew-lettuce': 'chews a lettuce',
  'last-turn-free': 'last turn free, the move is paid back',
  'move-again': 'moves again',
};

type MovingResult = Extract<HareRollResult, 'back-to-carrot' | 'forward-to-carrot' | 'drop-back' | 'move-up'>;

/** A moving result that moved the seat, before the square it went to. */
const ROLL_MOVES: Record<MovingResult, string> = {
  'back-to-carrot': 'goes back to carrot square',
  'forward-to-carrot': 'goes forward to carrot square',
  'drop-back': 'drops back to square',
  'move-up': 'moves up to square',
};

const MOVING_RESULTS: ReadonlySet<HareRollResult> = new Set(Object.keys(ROLL_MOVES) as MovingResult[]);

/** Classic rules: rolls the die and applies the hare table. */
export function rollHareDie(
  state: GameState,
  seatIndex: number,
  paid: number,
  events: GameEvent[],
): HareOutcome {
  const seat = state.seats[seatIndex] as SeatState;
  const roll = 1 + nextInt(state.rng, 6);
  const rank = raceRank(state, seatIndex);
  const result = (HARE_TABLE[roll - 1] as readonly HareRollResult[])[Math.min(rank, 4) - 1] as HareRollResult;
  const from = seat.position;
  const carrotsBefore = seat.carrots;
  let effect = ROLL_EFFECTS[result];
  const target = hareMoveTarget(state, seatIndex, result);
  if (target !== null && target !== from) {
    seat.position = target;
    seat.ateHere = false;
    effect = `${ROLL_MOVES[result as MovingResult]} ${target}`;
  } else if (MOVING_RESULTS.has(result)) {
    effect += ': nowhere to go, stays';
  }
  if (result === 'miss-turn') seat.missTurns += 1;
  if (result === 'chew-carrot') state.pending = 'chew-carrot';
  if (result === 'last-turn-free') changeCarrots(seat, paid);
  if (result === 'chew-lettuce') {
    if (seat.lettuces > 0) {
      seat.lettuces -= 1;
      seat.stats.lettucesEaten += 1;
      changeCarrots(seat, 10 * rank);
      effect += `: receives ${carrotCount(10 * rank)}`;
    } else {
      effect += ': has none, nothing happens';
    }
  }
  seat.stats.hareResults += 1;
  events.push({
    type: 'hare-roll',
    seat: seatIndex,
    square: from,
    roll,
    rank,
    result,
    effect,
    from,
    to: seat.position,
    carrotsBefore,
    carrotsAfter: seat.carrots,
    lettucesAfter: seat.lettuces,
  });
  return { playAgain: result === 'move-again' };
}
