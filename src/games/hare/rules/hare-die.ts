import { FINISH, squareKind } from './board';
import { changeCarrots } from './carrots';
import { occupantOf, raceRank } from './position';
import { nextInt } from '../../kit/random';
import type { GameEvent, GameState, HareOutcome, HareRollResult, SeatState } from './types';
import { carrotCount } from './counted-nouns';

/** The classic hare table: HARE_TABLE[roll - 1][min(rank, 4) - 1]. */
export const HARE_TABLE: readonly (readonly HareRollResult[])[] = [
  ['miss-turn', 'miss-turn', 'miss-turn', 'miss-turn'],
  ['back-to-carrot', 'back-to-carrot', 'back-to-carrot', 'forward-to-carrot'],
  ['drop-back', 'drop-back', 'move-up', 'move-up'],
  ['chew-carrot', 'chew-lettuce', 'chew-lettuce', 'chew-lettuce'],
  ['last-turn-free', 'last-turn-free', 'last-turn-free', 'last-turn-free'],
  ['move-again', 'move-again', 'move-again', 'move-again'],
];

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
