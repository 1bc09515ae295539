import { describe, expect, it } from 'vitest';
import {
  describeEvent,
  HARE_TABLE,
  legalActions,
  type GameEvent,
  type HareRollResult,
} from '../../../../src/games/hare/rules/index';
import {
  EAT,
  eventsOfType,
  fixture,
  move,
  PAY_10,
  play,
  rejectionCode,
  seatAt,
  TAKE_10,
  type SeatFixture,
} from './helpers';

type HareRollEvent = Extract<GameEvent, { type: 'hare-roll' }>;

/** Classic rules: seat 0 moves onto a hare square with the die set to show `roll`. */
function rollOnArrival(roll: number, mover: SeatFixture, to: number, others: SeatFixture[]) {
  const state = fixture({ rules: 'classic', seats: [mover, ...others], nextRoll: roll });
  const result = play(state, move(to));
  const rolls = eventsOfType(result.events, 'hare-roll');
  expect(rolls).toHaveLength(1);
  return { before: state, state: result.state, events: result.events, roll: rolls[0] as HareRollEvent };
}

const AHEAD_OF_25 = [27, 29, 33, 35];
const BEHIND_20 = [17, 9, 4, 2];

/** Seat 0 moves 20 -> 25 (cost 15, 65 -> 50 carrots) and is then `rank`-th of max(rank, 4) seats. */
function rollAtRank(roll: number, rank: number) {
  const seatCount = Math.max(rank, 4);
  const ahead = AHEAD_OF_25.slice(0, rank - 1).map((position) => ({ position }));
  const behind = BEHIND_20.slice(0, seatCount - rank).map((position) => ({ position }));
  return rollOnArrival(roll, { position: 20 }, 25, [...ahead, ...behind]);
}

interface Expected {
  result: HareRollResult;
  to: number;
  carrots: number;
  lettuces?: number;
  missTurns?: number;
  pending?: 'chew-carrot';
  playsAgain?: boolean;
}

function expectedOutcome(roll: number, rank: number): Expected {
  const column = Math.min(rank, 4);
  switch (roll) {
    case 1:
      return { result: 'miss-turn', to: 25, carrots: 50, missTurns: 1 };
    case 2:
      return column < 4
        ? { result: 'back-to-carrot', to: 21, carrots: 50 }
        : { result: 'forward-to-carrot', to: 26, carrots: 50 };
    case 3:
      // The seat just behind stands on 17, the seat just ahead on 27.
      return column <= 2
        ? { result: 'drop-back', to: 16, carrots: 50 }
        : { result: 'move-up', to: 28, carrots: 50 };
    case 4:
      return column === 1
        ? { result: 'chew-carrot', to: 25, carrots: 50, pending: 'chew-carrot' }
        : { result: 'chew-lettuce', to: 25, carrots: 50 + 10 * rank, lettuces: 2 };
    case 5:
      return { result: 'last-turn-free', to: 25, carrots: 65 };
    default:
      return { result: 'move-again', to: 25, carrots: 50, playsAgain: true };
  }
}

describe('classic rules: the hare table', () => {
  it('matches rules.md row by row', () => {
    expect(HARE_TABLE).toEqual([
      ['miss-turn', 'miss-turn', 'miss-turn', 'miss-turn'],
      ['back-to-carrot', 'back-to-carrot', 'back-to-carrot', 'forward-to-carrot'],
      ['drop-back', 'drop-back', 'move-up', 'move-up'],
      ['chew-carrot', 'chew-lettuce', 'chew-lettuce', 'chew-lettuce'],
      ['last-turn-free', 'last-turn-free', 'last-turn-free', 'last-turn-free'],
      ['move-again', 'move-again', 'move-again', 'move-again'],
    ]);
  });

  for (let roll = 1; roll <= 6; roll++) {
    for (let rank = 1; rank <= 5; rank++) {
      const expected = expectedOutcome(roll, rank);
      it(`roll ${roll} as ${rank}${rank === 5 ? ' (4th column)' : ''}: ${expected.result}`, () => {
        const { state, events, roll: event } = rollAtRank(roll, rank);
        expect(event).toMatchObject({
          seat: 0,
          square: 25,
          roll,
          rank,
          result: expected.result,
          from: 25,
          to: expected.to,
          carrotsBefore: 50,
          carrotsAfter: expected.carrots,
        });
        const seat = seatAt(state, 0);
        expect(seat).toMatchObject({
          position: expected.to,
          carrots: expected.carrots,
          lettuces: expected.lettuces ?? 3,
          missTurns: expected.missTurns ?? 0,
        });
        expect(state.pending).toBe(expected.pending ?? null);
        const waitsOnMover = expected.pending !== undefined || expected.playsAgain === true;
        expect(state.current).toBe(waitsOnMover ? 0 : 1);
        expect(eventsOfType(events, 'play-again')).toHaveLength(expected.playsAgain ? 1 : 0);
      });
    }
  }

  it('uses the race position right after the move', () => {
    // Before the move seat 0 is 2nd (behind 22); on 25 it is 1st, so a 4 means "chew a carrot".
    const { roll } = rollOnArrival(4, { position: 20 }, 25, [{ position: 22 }]);
    expect(roll).toMatchObject({ rank: 1, result: 'chew-carrot' });
  });

  it('rolls nothing when a move does not end on a hare square', () => {
    const state = fixture({ rules: 'classic', seats: [{}, {}] });
    const { state: after, events } = play(state, move(5));
    expect(eventsOfType(events, 'hare-roll')).toEqual([]);
    expect(after.rng).toEqual(state.rng);
  });
});

describe('classic hare results in detail', () => {
  it('miss a turn: the next turn of the seat is skipped', () => {
    const { state } = rollOnArrival(1, { position: 0 }, 6, [{ position: 2 }]);
    const { state: later, events } = play(state, TAKE_10);
    expect(eventsOfType(events, 'miss-turn')).toEqual([{ type: 'miss-turn', seat: 0, square: 6 }]);
    expect(later.current).toBe(1);
  });

  it('back to carrot: skips an occupied carrot square', () => {
    const { state } = rollOnArrival(2, { position: 20 }, 25, [{ position: 21 }]);
    expect(seatAt(state, 0).position).toBe(13);
  });

  it('back to carrot: stays when no free carrot square is behind', () => {
    const { roll } = rollOnArrival(2, { position: 0 }, 3, [{ position: 2 }]);
    expect(roll).toMatchObject({ result: 'back-to-carrot', to: 3 });
    expect(describeEvent(roll)).toContain('nowhere to go, stays');
  });

  it('forward to carrot: skips an occupied carrot square', () => {
    const { state } = rollOnArrival(2, { position: 20 }, 25, [
      { position: 26 },
      { position: 27 },
      { position: 28 },
    ]);
    expect(seatAt(state, 0).position).toBe(33);
  });

  it('forward to carrot: stays when no free carrot square is ahead', () => {
    const { roll } = rollOnArrival(2, { position: 55 }, 58, [
      { position: 59 },
      { position: 61 },
      { position: 63 },
    ]);
    expect(roll).toMatchObject({ rank: 4, result: 'forward-to-carrot', to: 58 });
  });

  it('drop back: keeps going back past occupied squares, and gets nothing on a tortoise', () => {
    const { state, roll } = rollOnArrival(3, { position: 20 }, 25, [{ position: 17 }, { position: 16 }]);
    expect(roll).toMatchObject({ result: 'drop-back', to: 15 });
    expect(seatAt(state, 0)).toMatchObject({ position: 15, carrots: 50 });
  });

  it('drop back: a seat behind on the start sends the seat to the start', () => {
    const { state } = rollOnArrival(3, { position: 20 }, 25, [{ position: 0 }]);
    expect(seatAt(state, 0).position).toBe(0);
  });

  it('drop back: stays when no seat is behind', () => {
    const { roll } = rollOnArrival(3, { position: 20 }, 25, [{ position: 30 }]);
    expect(roll).toMatchObject({ rank: 2, result: 'drop-back', to: 25 });
  });

  it('move up: keeps going forward past occupied squares, paying nothing', () => {
    const { state } = rollOnArrival(3, { position: 20 }, 25, [
      { position: 27 },
      { position: 28 },
      { position: 9 },
    ]);
    expect(seatAt(state, 0)).toMatchObject({ position: 29, carrots: 50 });
  });

  it('move up: landing on a hare square does not roll again', () => {
    const { state, events } = rollOnArrival(3, { position: 20 }, 25, [{ position: 30 }, { position: 40 }]);
    expect(seatAt(state, 0).position).toBe(31);
    expect(eventsOfType(events, 'hare-roll')).toHaveLength(1);
  });

  it('move up: stays when the target would be the finish', () => {
    const { roll } = rollOnArrival(3, { position: 55 }, 58, [{ position: 62 }, { position: 63 }]);
    expect(roll).toMatchObject({ rank: 3, result: 'move-up', to: 58 });
  });

  it('move up onto a lettuce square: the next turn may eat there', () => {
    const { state } = rollOnArrival(3, { position: 12 }, 14, [{ position: 21 }, { position: 30 }]);
    expect(seatAt(state, 0).position).toBe(22);
    const { state: later } = play(state, move(23), move(33));
    expect(later.current).toBe(0);
    expect(legalActions(later)).toContainEqual(EAT);
  });

  it('chew a carrot: only take or pay are legal until the seat chooses, then the turn passes', () => {
    const { state } = rollOnArrival(4, { position: 20 }, 25, [{ position: 2 }]);
    expect(state.current).toBe(0);
    expect(legalActions(state)).toEqual([TAKE_10, PAY_10]);
    expect(rejectionCode(state, move(26))).toBe('must_chew');
    expect(rejectionCode(state, EAT)).toBe('must_chew');
    const { state: after, events } = play(state, PAY_10);
    expect(events[0]).toEqual({
      type: 'carrots',
      seat: 0,
      amount: -10,
      reason: 'chew',
      carrotsBefore: 50,
      carrotsAfter: 40,
    });
    expect(after.pending).toBeNull();
    expect(after.current).toBe(1);
  });

  it('chew a carrot: paying needs 10 carrots', () => {
    const { state } = rollOnArrival(4, { position: 20, carrots: 24 }, 25, [{ position: 2 }]);
    expect(seatAt(state, 0).carrots).toBe(9);
    expect(legalActions(state)).toEqual([TAKE_10]);
    expect(rejectionCode(state, PAY_10)).toBe('cannot_pay');
  });

  it('chew a lettuce with no lettuce: nothing happens', () => {
    const { state, roll } = rollOnArrival(4, { position: 20, lettuces: 0 }, 25, [{ position: 30 }]);
    expect(seatAt(state, 0)).toMatchObject({ lettuces: 0, carrots: 50 });
    expect(roll.result).toBe('chew-lettuce');
  });

  it('move again: the same seat takes another full turn', () => {
    const { state } = rollOnArrival(6, { position: 20 }, 25, [{ position: 2 }]);
    const { state: after } = play(state, move(26));
    expect(seatAt(after, 0).position).toBe(26);
    expect(after.current).toBe(1);
  });

  it('logs the roll, the rank and the result', () => {
    const { roll } = rollOnArrival(5, { position: 20 }, 25, [{ position: 2 }]);
    expect(describeEvent(roll)).toBe(
      'Seat 1 rolls a 5 as 1st in the race: last turn free, the move is paid back [carrots 50 → 65]',
    );
  });

  it.each<[number, number, string]>([
    [3, 1, 'drops back to square 16'],
    [3, 4, 'moves up to square 28'],
    [2, 1, 'goes back to carrot square 21'],
    [2, 4, 'goes forward to carrot square 26'],
    [4, 2, 'chews a lettuce: receives 20 carrots'],
    [4, 1, 'must chew a carrot: take or pay 10 carrots'],
  ])('roll %i as %i: "%s"', (roll, rank, effect) => {
    expect(rollAtRank(roll, rank).roll.effect).toBe(effect);
  });
});
