import { changeCarrots } from './carrots';
import { countInFront, seatsBehind } from './position';
import { shuffleInPlace } from '../../kit/random';
import type { GameEvent, GameState, HareCard, HareOutcome, SeatState } from './types';
import { carrotCount, count } from './counted-nouns';

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
