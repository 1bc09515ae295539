import { describe, expect, it } from 'vitest';
import {
  describeEvent,
  HARE_DECK,
  shuffleInPlace,
  type GameEvent,
  type HareCard,
} from '../../../../src/games/hare/rules/index';
import { eventsOfType, fixture, move, play, seatAt, TAKE_10, type SeatFixture } from './helpers';
import { copyRng } from '../../../../src/games/kit/random';

/** Seat 0 moves from `from` onto hare square 6 with `card` on top of the deck. */
function drawOnSix(card: HareCard, mover: SeatFixture, others: SeatFixture[]) {
  const state = fixture({ seats: [mover, ...others], topCard: card });
  const result = play(state, move(6));
  const cards = eventsOfType(result.events, 'hare-card');
  expect(cards).toHaveLength(1);
  return { before: state, state: result.state, events: result.events, card: cards[0] as HareCardEvent };
}

type HareCardEvent = Extract<GameEvent, { type: 'hare-card' }>;

describe('standard rules: the hare deck', () => {
  it('has 15 cards: two of each kind and one shuffle, shuffled with the seed', () => {
    const counts = new Map<HareCard, number>();
    for (const card of HARE_DECK) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect(HARE_DECK).toHaveLength(15);
    expect([...counts.values()].sort()).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
    expect(counts.get('shuffle')).toBe(1);
    const a = fixture({ seats: [{}, {}], seed: 'a' }).deck;
    const b = fixture({ seats: [{}, {}], seed: 'b' }).deck;
    expect([...a].sort()).toEqual([...HARE_DECK].sort());
    expect(a).not.toEqual(b);
    expect(fixture({ seats: [{}, {}], seed: 'a' }).deck).toEqual(a);
  });

  it('draws the top card after paying, and puts it at the bottom', () => {
    const { before, state, card } = drawOnSix('restore-65', { position: 0 }, [{}]);
    expect(card).toMatchObject({ seat: 0, square: 6, card: 'restore-65', carrotsBefore: 44 });
    expect(state.deck).toEqual([...before.deck.slice(1), 'restore-65']);
  });

  it('draws nothing when the move does not end on a hare square', () => {
    const state = fixture({ seats: [{}, {}] });
    const { state: after, events } = play(state, move(5));
    expect(eventsOfType(events, 'hare-card')).toEqual([]);
    expect(after.deck).toEqual(state.deck);
  });
});

describe('Players behind', () => {
  it('more seats behind than in front: misses the next turn', () => {
    const { state, card } = drawOnSix('players-behind', {}, [{}, {}]);
    expect(card).toMatchObject({
      missNextTurn: true,
      playAgain: false,
      effect: expect.stringContaining('2 behind, 0 in front'),
    });
    expect(seatAt(state, 0).missTurns).toBe(1);
    expect(state.current).toBe(1);
    const { state: later, events } = play(state, move(2), move(4));
    expect(eventsOfType(events, 'miss-turn')).toEqual([{ type: 'miss-turn', seat: 0, square: 6 }]);
    expect(later.current).toBe(1);
  });

  it('fewer seats behind than in front: plays again at once', () => {
    const { state, events, card } = drawOnSix('players-behind', {}, [{ position: 12 }, { position: 20 }]);
    expect(card).toMatchObject({ missNextTurn: false, playAgain: true });
    expect(events.at(-1)).toEqual({ type: 'play-again', seat: 0 });
    expect(state.current).toBe(0);
    expect(state.turn).toBe(1);
    const again = play(state, move(7));
    expect(seatAt(again.state, 0).position).toBe(7);
    expect(again.state.current).toBe(1);
  });

  it('as many behind as in front: plays again', () => {
    const { state, card } = drawOnSix('players-behind', {}, [{ position: 12 }, { position: 0 }]);
    expect(card.playAgain).toBe(true);
    expect(state.current).toBe(0);
  });

  it('finished seats count as in front', () => {
    const level = drawOnSix('players-behind', {}, [
      { place: 1 },
      { position: 0 },
      { position: 0 },
      { position: 30 },
    ]);
    expect(level.card).toMatchObject({
      effect: expect.stringContaining('2 behind, 2 in front'),
      playAgain: true,
    });
    const behind = drawOnSix('players-behind', {}, [{ place: 1 }, { position: 0 }, { position: 0 }]);
    expect(behind.card.missNextTurn).toBe(true);
  });
});

describe('Lettuce bonus', () => {
  it.each([
    [3, 30],
    [1, 10],
  ])('with %i lettuces receives %i carrots', (lettuces, bonus) => {
    const { state, card } = drawOnSix('lettuce-bonus', { lettuces }, [{}]);
    expect(seatAt(state, 0).carrots).toBe(44 + bonus);
    expect(card).toMatchObject({ carrotsBefore: 44, carrotsAfter: 44 + bonus, missNextTurn: false });
    expect(seatAt(state, 0).missTurns).toBe(0);
  });

  it('with no lettuce misses the next turn', () => {
    const { state, card } = drawOnSix('lettuce-bonus', { lettuces: 0 }, [{}]);
    expect(seatAt(state, 0)).toMatchObject({ carrots: 44, missTurns: 1 });
    expect(card.missNextTurn).toBe(true);
  });
});

describe('Restore 65', () => {
  it.each([30, 65, 120])('carrots become exactly 65 (from %i)', (carrots) => {
    const { state } = drawOnSix('restore-65', { position: 5, carrots }, [{}]);
    expect(seatAt(state, 0).carrots).toBe(65);
  });
});

describe('Lose half', () => {
  it.each([
    [45, 23],
    [44, 22],
    [1, 1],
    [0, 0],
  ])('after paying %i keeps %i (rounded up)', (afterPaying, kept) => {
    const { state } = drawOnSix('lose-half', { position: 5, carrots: afterPaying + 1 }, [{}]);
    expect(seatAt(state, 0).carrots).toBe(kept);
  });
});

describe('Free ride', () => {
  it('gives back the carrots paid for this move', () => {
    const { state, card } = drawOnSix('free-ride', { position: 0 }, [{}]);
    expect(seatAt(state, 0).carrots).toBe(65);
    expect(card).toMatchObject({ carrotsBefore: 44, carrotsAfter: 65 });
  });
});

describe('Show us your carrots', () => {
  it('changes nothing and shows the count publicly', () => {
    const { before, state, card } = drawOnSix('show-carrots', {}, [{}]);
    expect(seatAt(state, 0)).toMatchObject({ carrots: 44, missTurns: 0 });
    expect(seatAt(state, 1)).toEqual(seatAt(before, 1));
    expect(describeEvent(card, { hideCarrots: () => true })).toBe(
      'Seat 1 draws "Show us your carrots": shows 44 carrots',
    );
  });
});

describe('Give 10', () => {
  it.each([
    [20, 10],
    [19, 5],
    [10, 5],
    [9, 1],
    [2, 1],
    [1, 0],
    [0, 0],
  ])('holding %i after paying, gives %i to each of two seats behind', (afterPaying, gift) => {
    const { state, card } = drawOnSix('give-10', { position: 5, carrots: afterPaying + 1 }, [{}, {}]);
    expect(seatAt(state, 0).carrots).toBe(afterPaying - 2 * gift);
    expect(seatAt(state, 1).carrots).toBe(65 + gift);
    expect(seatAt(state, 2).carrots).toBe(65 + gift);
    expect(card.transfers).toEqual(
      gift > 0
        ? [
            { seat: 1, amount: gift },
            { seat: 2, amount: gift },
          ]
        : [],
    );
  });

  it('gives only to unfinished seats strictly behind', () => {
    const { state } = drawOnSix('give-10', { position: 5, carrots: 41 }, [
      { position: 12 },
      { place: 1 },
      {},
    ]);
    expect(state.seats.map((seat) => seat.carrots)).toEqual([30, 65, 65, 75]);
  });

  it('with nobody behind gives nothing', () => {
    const { state, card } = drawOnSix('give-10', { position: 5 }, [{ position: 12 }]);
    expect(seatAt(state, 0).carrots).toBe(64);
    expect(card.effect).toBe('nobody is behind: gives nothing');
  });
});

describe('Shuffle', () => {
  it('each other unfinished seat with a carrot gives one; then the whole deck is shuffled', () => {
    const { before, state, card } = drawOnSix('shuffle', { position: 5, carrots: 11 }, [
      { position: 13, carrots: 10 },
      { position: 0, carrots: 0 },
      { place: 1, carrots: 30 },
      { position: 20, carrots: 1 },
    ]);
    expect(state.seats.map((seat) => seat.carrots)).toEqual([12, 9, 0, 30, 0]);
    expect(card.transfers).toEqual([
      { seat: 1, amount: -1 },
      { seat: 4, amount: -1 },
    ]);
    const expectedDeck = [...before.deck.slice(1), 'shuffle' as HareCard];
    const expectedRng = copyRng(before.rng);
    shuffleInPlace(expectedRng, expectedDeck);
    expect(state.deck).toEqual(expectedDeck);
    expect(state.rng).toEqual(expectedRng);
    expect(state.deck).not.toEqual([...before.deck.slice(1), 'shuffle']);
    expect([...state.deck].sort()).toEqual([...HARE_DECK].sort());
  });
});

describe('hare cards and the rest of the turn', () => {
  it('a missed next turn from a card is used up on the next turn only', () => {
    const { state } = drawOnSix('lettuce-bonus', { lettuces: 0 }, [{ position: 2 }]);
    const { state: later } = play(state, TAKE_10, TAKE_10);
    expect(later.current).toBe(0);
    expect(seatAt(later, 0).missTurns).toBe(0);
  });

  it('logs the card, its effect and the carrots in one line', () => {
    const { card } = drawOnSix('free-ride', {}, [{}]);
    expect(describeEvent(card)).toBe(
      'Seat 1 draws "Free ride": gets back the 21 carrots paid for this move [carrots 44 → 65]',
    );
  });

  it.each<[HareCard, SeatFixture, SeatFixture[], string]>([
    ['lettuce-bonus', { lettuces: 1 }, [{}], 'receives 10 carrots for 1 lettuce'],
    ['lettuce-bonus', { lettuces: 3 }, [{}], 'receives 30 carrots for 3 lettuces'],
    ['show-carrots', { carrots: 22 }, [{}], 'shows 1 carrot'],
    ['give-10', { position: 5, carrots: 41 }, [{}, {}], 'gives 10 carrots to each of the 2 runners behind'],
    ['give-10', { position: 5, carrots: 11 }, [{}], 'gives 10 carrots to the 1 runner behind'],
    [
      'shuffle',
      { position: 5 },
      [{ position: 13 }],
      'receives 1 carrot from the others; the deck is shuffled',
    ],
  ])('says what %s did in counted words', (card, mover, others, effect) => {
    expect(drawOnSix(card, mover, others).card.effect).toBe(effect);
  });
});
