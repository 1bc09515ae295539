import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  describeEvent,
  forfeitTurn,
  IllegalActionError,
  isStuck,
  legalActions,
  raceRank,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import {
  EAT,
  eventsOfType,
  fixture,
  move,
  play,
  rejectionCode,
  seatAt,
  SKIP,
  TAKE_10,
  type SeatFixture,
} from './helpers';

const RULE_SETS: RulesName[] = ['standard', 'classic'];
const CARROT_SQUARES = [2, 5, 13, 21, 26, 33, 38, 40, 49, 55, 59, 61, 63];

/**
 * Seat 1 stands on `square` with race position `rank`; seat 0 (on a carrot square) is to act, so taking 10
 * carrots hands the turn to seat 1, whose turn starts with the automatic steps.
 */
function aboutToStartOn(rules: RulesName, square: number, rank: number): GameState {
  const seatCount = Math.max(rank, 2);
  const handerAhead = rank >= 2;
  const handerSquare = handerAhead
    ? (CARROT_SQUARES.find((s) => s > square) as number)
    : ([...CARROT_SQUARES].reverse().find((s) => s < square) as number);
  const otherAhead = Array.from({ length: 64 }, (_, i) => i).filter((s) => s > square && s !== handerSquare);
  const seats: SeatFixture[] = [{ position: handerSquare }, { position: square }];
  const stillAhead = rank - 1 - (handerAhead ? 1 : 0);
  for (let i = 0; i < stillAhead; i++) seats.push({ position: otherAhead[i] as number });
  while (seats.length < seatCount) seats.push({ position: 0 });
  const state = fixture({ rules, seats });
  expect(raceRank(state, 1)).toBe(rank);
  return state;
}

describe.each(RULE_SETS)('number squares (%s rules)', (rules) => {
  const cases: [string, number, number[]][] = [
    ['n2', 8, [2]],
    ['n3', 12, [3]],
    ['n4', 18, [4]],
    ['n156', 16, [1, 5, 6]],
  ];
  for (const [kind, square, paying] of cases) {
    for (let rank = 1; rank <= 6; rank++) {
      const pays = paying.includes(rank);
      it(`${kind} (square ${square}) ${pays ? `pays ${10 * rank}` : 'pays nothing'} at race position ${rank}`, () => {
        const state = aboutToStartOn(rules, square, rank);
        const { state: after, events } = play(state, TAKE_10);
        expect(after.current).toBe(1);
        const payouts = eventsOfType(events, 'number-payout');
        if (pays) {
          expect(payouts).toEqual([
            {
              type: 'number-payout',
              seat: 1,
              square,
              rank,
              gain: 10 * rank,
              carrotsBefore: 65,
              carrotsAfter: 65 + 10 * rank,
            },
          ]);
        } else {
          expect(payouts).toEqual([]);
        }
        expect(seatAt(after, 1).carrots).toBe(65 + (pays ? 10 * rank : 0));
      });
    }
  }

  it('pays at the start of the next turn, not on arrival', () => {
    const state = fixture({ rules, seats: [{ position: 2 }, { position: 20 }] });
    const arrival = play(state, move(8));
    expect(eventsOfType(arrival.events, 'number-payout')).toEqual([]);
    const nextTurn = play(arrival.state, move(21));
    expect(eventsOfType(nextTurn.events, 'number-payout')).toMatchObject([{ seat: 0, square: 8, gain: 20 }]);
  });

  it('a seat that misses its turn is not paid that turn', () => {
    const state = aboutToStartOn(rules, 8, 2);
    seatAt(state, 1).missTurns = 1;
    const { events } = play(state, TAKE_10);
    expect(eventsOfType(events, 'miss-turn')).toEqual([{ type: 'miss-turn', seat: 1, square: 8 }]);
    expect(eventsOfType(events, 'number-payout').filter((e) => e.seat === 1)).toEqual([]);
  });
});

describe.each(RULE_SETS)('missing a turn (%s rules)', (rules) => {
  it('uses up the miss, logs it and passes the turn on', () => {
    const state = fixture({
      rules,
      seats: [{ position: 2 }, { position: 12, missTurns: 1 }, { position: 5 }],
    });
    const { state: after, events } = play(state, TAKE_10);
    expect(events.map((e) => e.type)).toEqual(['carrots', 'miss-turn']);
    expect(after.current).toBe(2);
    expect(seatAt(after, 1)).toMatchObject({ missTurns: 0, position: 12 });
    expect(seatAt(after, 1).stats.missedTurns).toBe(1);
  });

  it('closes the round when the last seat misses its turn', () => {
    const state = fixture({ rules, seats: [{ position: 2 }, { position: 12, missTurns: 1 }] });
    const { state: after } = play(state, TAKE_10);
    expect(after.current).toBe(0);
    expect(after.turn).toBe(2);
  });
});

describe('standard: a stuck seat starts again', () => {
  it('goes back to the start with 65 carrots, keeps its lettuces, and moves off the same turn', () => {
    // Seat 1 on 14 has no carrots and the tortoise behind it (11) is taken: no legal action.
    const state = fixture({
      seats: [{ position: 2 }, { position: 14, carrots: 0, lettuces: 2 }, { position: 11 }],
    });
    const { state: after, events } = play(state, TAKE_10);
    expect(eventsOfType(events, 'restart')).toEqual([
      { type: 'restart', seat: 1, from: 14, carrotsBefore: 0, carrotsAfter: 65 },
    ]);
    expect(after.current).toBe(1);
    expect(isStuck(after)).toBe(false);
    expect(seatAt(after, 1)).toMatchObject({ position: 0, carrots: 65, lettuces: 2 });
    expect(seatAt(after, 1).stats.restarts).toBe(1);
    const movedOff = play(after, move(4));
    expect(seatAt(movedOff.state, 1)).toMatchObject({ position: 4, carrots: 55 });
    expect(movedOff.state.current).toBe(2);
  });

  it('also resets a larger carrot count to 65', () => {
    // On 62 holding a lettuce: the finish is closed, 63 is taken, and so is the tortoise 56.
    const state = fixture({
      seats: [
        { position: 61 },
        { position: 62, carrots: 100, lettuces: 1 },
        { position: 63 },
        { position: 56 },
      ],
    });
    const { state: after, events } = play(state, TAKE_10);
    expect(eventsOfType(events, 'restart')).toMatchObject([{ seat: 1, from: 62, carrotsBefore: 100 }]);
    expect(seatAt(after, 1)).toMatchObject({ position: 0, carrots: 65, lettuces: 1 });
  });

  it('never offers skip', () => {
    const state = fixture({ seats: [{ position: 2 }, {}] });
    expect(rejectionCode(state, SKIP)).toBe('skip_not_allowed');
  });
});

describe('classic: a stuck seat skips', () => {
  const stuck = () =>
    fixture({
      rules: 'classic',
      seats: [{ position: 2 }, { position: 14, carrots: 0, lettuces: 2 }, { position: 11 }],
    });

  it('has skip as its only legal action, and nothing else is accepted', () => {
    const { state } = play(stuck(), TAKE_10);
    expect(state.current).toBe(1);
    expect(legalActions(state)).toEqual([SKIP]);
    expect(isStuck(state)).toBe(true);
    expect(rejectionCode(state, move(16))).toBe('not_enough_carrots');
    expect(rejectionCode(state, move(11))).toBe('occupied');
    expect(rejectionCode(state, EAT)).toBe('not_lettuce_square');
    expect(rejectionCode(state, TAKE_10)).toBe('not_carrot_square');
  });

  it('skipping logs the skip and passes the turn', () => {
    const { state } = play(stuck(), TAKE_10);
    const { state: after, events } = play(state, SKIP);
    expect(events[0]).toEqual({ type: 'skip', seat: 1, square: 14 });
    expect(describeEvent(events[0] as (typeof events)[number])).toBe(
      'Seat 2 cannot move and skips the turn on square 14 (hare)',
    );
    expect(after.current).toBe(2);
    expect(seatAt(after, 1)).toMatchObject({ position: 14, carrots: 0 });
  });

  it('skip is refused while another action is possible', () => {
    const state = fixture({ rules: 'classic', seats: [{ position: 2 }, {}] });
    expect(rejectionCode(state, SKIP)).toBe('skip_not_allowed');
  });
});

describe('game end and placing', () => {
  it('standard: the game goes on while two or more seats are unfinished; finished seats are skipped', () => {
    const state = fixture({
      seats: [{ position: 63, carrots: 5, lettuces: 0 }, { position: 61, carrots: 26, lettuces: 0 }, {}],
    });
    const first = play(state, move(64));
    expect(first.state.over).toBe(false);
    expect(first.state.current).toBe(1);
    const turnOrder = play(first.state, TAKE_10, move(2));
    expect(turnOrder.state.current).toBe(1);
  });

  it('standard: when one seat is left unfinished it takes the last place', () => {
    const state = fixture({
      seats: [{ place: 1 }, { position: 61, carrots: 26, lettuces: 0 }, { position: 30 }],
      current: 1,
    });
    const { state: after, events } = play(state, move(64));
    expect(after.over).toBe(true);
    expect(after.seats.map((seat) => seat.place)).toEqual([1, 2, 3]);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', seat: 1, place: 2, carrots: 20 },
      { type: 'game-over', places: [1, 2, 3] },
    ]);
  });

  it('standard: with two seats the first finish ends the game', () => {
    const state = fixture({
      seats: [{ position: 5 }, { position: 63, carrots: 11, lettuces: 0 }],
      current: 1,
    });
    const { state: after } = play(state, move(64));
    expect(after.over).toBe(true);
    expect(after.seats.map((seat) => seat.place)).toEqual([2, 1]);
  });

  it('classic: the first finisher ends the game and the others are placed by race position', () => {
    const state = fixture({
      rules: 'classic',
      seats: [
        { position: 12 },
        { position: 63, carrots: 21, lettuces: 0 },
        { position: 40 },
        { position: 0 },
      ],
      current: 1,
    });
    const { state: after, events } = play(state, move(64));
    expect(after.over).toBe(true);
    expect(after.seats.map((seat) => seat.place)).toEqual([3, 1, 2, 4]);
    expect(events.at(-1)).toEqual({ type: 'game-over', places: [3, 1, 2, 4] });
  });

  it('classic: seats level on the start share their place', () => {
    const state = fixture({
      rules: 'classic',
      seats: [{ position: 0 }, { position: 63, carrots: 21, lettuces: 0 }, { position: 0 }],
      current: 1,
    });
    expect(play(state, move(64)).state.seats.map((seat) => seat.place)).toEqual([2, 1, 2]);
  });

  it.each(RULE_SETS)('%s: no action is accepted once the game is over', (rules) => {
    const state = fixture({
      rules,
      seats: [{ position: 5 }, { position: 63, carrots: 11, lettuces: 0 }],
      current: 1,
    });
    const { state: after } = play(state, move(64));
    expect(legalActions(after)).toEqual([]);
    expect(rejectionCode(after, move(6))).toBe('game_over');
  });
});

describe.each(RULE_SETS)('turns and the turn limit (%s rules)', (rules) => {
  it('counts a turn as a round in which every unfinished seat acts once', () => {
    const state = createGame({ rules, seats: 3, seed: 'rounds' });
    expect(state.turn).toBe(1);
    const { state: after } = play(state, move(2), move(4), move(5));
    expect(after.turn).toBe(2);
    expect(after.current).toBe(0);
    expect(after.history.map((point) => point.turn)).toEqual([0, 1]);
  });

  it('is off by default', () => {
    expect(createGame({ rules, seats: 2, seed: 'x' }).turnLimit).toBeNull();
  });

  it('ends the game after the last turn and places every seat by race position', () => {
    const state = createGame({ rules, seats: 3, seed: 'limit', turnLimit: 1 });
    const { state: after, events } = play(state, move(2), move(4), move(5));
    expect(after.over).toBe(true);
    expect(events.slice(-2)).toEqual([
      { type: 'turn-limit', turn: 1 },
      { type: 'game-over', places: [3, 2, 1] },
    ]);
  });

  it('does not end the game before the last seat of the last turn has acted', () => {
    const state = createGame({ rules, seats: 3, seed: 'limit', turnLimit: 2 });
    const { state: after } = play(state, move(2), move(4), move(5), TAKE_10);
    expect(after.over).toBe(false);
    expect(after.turn).toBe(2);
  });

  it('rejects invalid options', () => {
    expect(() => createGame({ rules, seats: 1, seed: 'x' })).toThrow(RangeError);
    expect(() => createGame({ rules, seats: 7, seed: 'x' })).toThrow(RangeError);
    expect(() => createGame({ rules, seats: 2, seed: 'x', turnLimit: 0 })).toThrow(RangeError);
  });

  it.each([2, 3, 4, 5, 6])('starts %i seats on the start with 65 carrots and 3 lettuces', (seats) => {
    const state = createGame({ rules, seats, seed: 'start' });
    expect(state.seats).toHaveLength(seats);
    for (const seat of state.seats) {
      expect(seat).toMatchObject({ position: 0, carrots: 65, lettuces: 3, place: null });
    }
    expect(state.current).toBe(0);
    expect(state.deck).toHaveLength(rules === 'standard' ? 15 : 0);
  });
});

describe.each(RULE_SETS)('forfeiting a turn (%s rules)', (rules) => {
  it('passes the turn without acting, including the next seat automatic steps', () => {
    const state = aboutToStartOn(rules, 8, 2);
    const snapshot = JSON.stringify(state);
    const { state: after, events } = forfeitTurn(state);
    expect(JSON.stringify(state)).toBe(snapshot);
    expect(events).toEqual([
      { type: 'forfeit', seat: 0 },
      { type: 'number-payout', seat: 1, square: 8, rank: 2, gain: 20, carrotsBefore: 65, carrotsAfter: 85 },
    ]);
    expect(after.current).toBe(1);
    expect(seatAt(after, 0)).toMatchObject({ position: seatAt(state, 0).position, carrots: 65 });
    expect(describeEvent(events[0] as (typeof events)[number], { name: () => 'Ann' })).toBe(
      'Ann ran out of time and loses the turn',
    );
  });

  it('ends the game when it closes the last turn', () => {
    const state = fixture({
      rules,
      seats: [{ position: 4 }, { position: 2 }],
      current: 1,
      turnLimit: 3,
      turn: 3,
    });
    const { state: after, events } = forfeitTurn(state);
    expect(after.over).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['forfeit', 'turn-limit', 'game-over']);
  });

  it('throws game_over on a finished game', () => {
    const state = fixture({
      rules,
      seats: [{ position: 5 }, { position: 63, carrots: 11, lettuces: 0 }],
      current: 1,
    });
    const { state: over } = play(state, move(64));
    expect(() => forfeitTurn(over)).toThrow(IllegalActionError);
    try {
      forfeitTurn(over);
    } catch (error) {
      expect(error).toMatchObject({ code: 'game_over' });
    }
  });
});

describe('forfeiting under particular decisions', () => {
  it('classic: drops a pending chew-a-carrot decision', () => {
    const state = fixture({
      rules: 'classic',
      seats: [{ position: 25 }, { position: 2 }],
      pending: 'chew-carrot',
    });
    const { state: after } = forfeitTurn(state);
    expect(after.pending).toBeNull();
    expect(after.current).toBe(1);
    expect(seatAt(after, 0).carrots).toBe(65);
  });

  it('standard: a seat that forfeits on a lettuce square must still eat next turn', () => {
    const state = fixture({ seats: [{ position: 10 }, { position: 2 }] });
    const { state: after } = play(forfeitTurn(state).state, TAKE_10);
    expect(after.current).toBe(0);
    expect(legalActions(after)).toEqual([EAT]);
  });
});

describe('applyAction never changes its input', () => {
  it.each(RULE_SETS)('%s', (rules) => {
    const state = createGame({ rules, seats: 3, seed: 'immutable' });
    const snapshot = structuredClone(state);
    applyAction(state, move(1));
    applyAction(state, move(6));
    expect(state).toEqual(snapshot);
  });
});
