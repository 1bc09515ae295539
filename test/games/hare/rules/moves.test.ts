import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, type RulesName } from '../../../../src/games/hare/rules/index';
import { EAT, eventsOfType, fixture, move, PAY_10, play, rejectionCode, seatAt, TAKE_10 } from './helpers';

const RULE_SETS: RulesName[] = ['standard', 'classic'];

function legalMoveTargets(state: Parameters<typeof legalActions>[0]): number[] {
  return legalActions(state).flatMap((action) => (action.type === 'move' ? [action.to] : []));
}

describe.each(RULE_SETS)('moving forward (%s rules)', (rules) => {
  it('pays n(n+1)/2 carrots and logs the move', () => {
    const state = fixture({ rules, seats: [{}, {}] });
    const { state: after, events } = play(state, move(8));
    expect(seatAt(after, 0)).toMatchObject({ position: 8, carrots: 65 - 36 });
    expect(eventsOfType(events, 'move')).toEqual([
      { type: 'move', seat: 0, from: 0, to: 8, cost: 36, carrotsBefore: 65, carrotsAfter: 29 },
    ]);
  });

  it('lists exactly the affordable, free, non-tortoise squares ahead', () => {
    const state = fixture({ rules, seats: [{ position: 12, carrots: 21 }, { position: 16 }] });
    // 13..18 are affordable (6 squares cost 21); 15 is a tortoise, 16 occupied.
    expect(legalMoveTargets(state)).toEqual([11, 13, 14, 17, 18]);
  });

  it('may jump over occupied squares but not land on one', () => {
    const state = fixture({ rules, seats: [{ position: 0 }, { position: 4 }, { position: 5 }] });
    expect(rejectionCode(state, move(4))).toBe('occupied');
    expect(rejectionCode(state, move(7))).toBe('accepted');
  });

  it('never lands on a tortoise square', () => {
    const state = fixture({ rules, seats: [{ position: 9 }, {}] });
    expect(rejectionCode(state, move(11))).toBe('tortoise_forward');
    expect(legalMoveTargets(state)).not.toContain(11);
  });

  it('cannot afford a move costing more than the carrots held', () => {
    const state = fixture({ rules, seats: [{ position: 0, carrots: 44 }, {}] });
    expect(rejectionCode(state, move(9))).toBe('not_enough_carrots');
    expect(rejectionCode(state, move(8))).toBe('accepted');
  });

  it('cannot enter a lettuce square without a lettuce', () => {
    const state = fixture({ rules, seats: [{ position: 5, lettuces: 0 }, {}] });
    expect(rejectionCode(state, move(10))).toBe('no_lettuce');
    expect(legalMoveTargets(state)).not.toContain(10);
    const withLettuce = fixture({ rules, seats: [{ position: 5, lettuces: 1 }, {}] });
    expect(legalMoveTargets(withLettuce)).toContain(10);
  });

  it('treats the start and the finish as never occupied', () => {
    const state = fixture({
      rules,
      seats: [{ position: 0 }, { position: 0 }, { position: 60, carrots: 15, lettuces: 0 }],
      current: 2,
    });
    expect(legalMoveTargets(state)).toContain(FINISH_SQUARE);
    const fromStart = fixture({ rules, seats: [{ position: 0 }, { position: 0 }] });
    expect(rejectionCode(fromStart, move(2))).toBe('accepted');
  });
});

const FINISH_SQUARE = 64;

describe.each(RULE_SETS)('moving back to a tortoise (%s rules)', (rules) => {
  it('goes to the nearest tortoise behind and receives 10 per square', () => {
    const state = fixture({ rules, seats: [{ position: 23, carrots: 5 }, {}] });
    const { state: after, events } = play(state, move(19));
    expect(seatAt(after, 0)).toMatchObject({ position: 19, carrots: 45 });
    expect(eventsOfType(events, 'move-back')).toEqual([
      { type: 'move-back', seat: 0, from: 23, to: 19, gain: 40, carrotsBefore: 5, carrotsAfter: 45 },
    ]);
  });

  it('may not go to an earlier tortoise or to another square behind', () => {
    const state = fixture({ rules, seats: [{ position: 23 }, {}] });
    expect(rejectionCode(state, move(15))).toBe('not_nearest_tortoise');
    expect(rejectionCode(state, move(21))).toBe('backwards');
    expect(rejectionCode(state, move(0))).toBe('backwards');
  });

  it('may not go back when the nearest tortoise is occupied (and not further back instead)', () => {
    const state = fixture({ rules, seats: [{ position: 23 }, { position: 19 }] });
    expect(rejectionCode(state, move(19))).toBe('occupied');
    expect(legalMoveTargets(state).filter((to) => to < 23)).toEqual([]);
  });

  it('may go from one tortoise square to the previous one', () => {
    const state = fixture({ rules, seats: [{ position: 19, carrots: 0 }, {}] });
    expect(legalMoveTargets(state)).toEqual([15]);
    const { state: after } = play(state, move(15));
    expect(seatAt(after, 0)).toMatchObject({ position: 15, carrots: 40 });
  });

  it('has no move back before the first tortoise', () => {
    const state = fixture({ rules, seats: [{ position: 10, ateHere: true }, {}] });
    expect(legalMoveTargets(state).filter((to) => to < 10)).toEqual([]);
  });
});

describe.each(RULE_SETS)('carrot squares (%s rules)', (rules) => {
  it('take 10 or pay 10, staying on the square', () => {
    const state = fixture({ rules, seats: [{ position: 13, carrots: 30 }, { position: 2 }] });
    expect(legalActions(state)).toEqual(expect.arrayContaining([TAKE_10, PAY_10]));
    const took = play(state, TAKE_10);
    expect(seatAt(took.state, 0)).toMatchObject({ position: 13, carrots: 40 });
    expect(eventsOfType(took.events, 'carrots')).toEqual([
      { type: 'carrots', seat: 0, amount: 10, reason: 'square', carrotsBefore: 30, carrotsAfter: 40 },
    ]);
    expect(seatAt(play(state, PAY_10).state, 0)).toMatchObject({ position: 13, carrots: 20 });
  });

  it('paying needs at least 10 carrots', () => {
    const poor = fixture({ rules, seats: [{ position: 13, carrots: 9 }, {}] });
    expect(legalActions(poor)).not.toContainEqual(PAY_10);
    expect(rejectionCode(poor, PAY_10)).toBe('cannot_pay');
    const exact = fixture({ rules, seats: [{ position: 13, carrots: 10 }, {}] });
    expect(seatAt(play(exact, PAY_10).state, 0).carrots).toBe(0);
  });

  it('may be repeated on consecutive turns', () => {
    const state = fixture({ rules, seats: [{ position: 13, carrots: 30 }, { position: 2 }] });
    const { state: after } = play(state, TAKE_10, TAKE_10, TAKE_10, TAKE_10);
    expect(seatAt(after, 0)).toMatchObject({ position: 13, carrots: 50 });
    expect(seatAt(after, 1)).toMatchObject({ position: 2, carrots: 85 });
  });

  it('carrot actions are only possible on a carrot square', () => {
    const state = fixture({ rules, seats: [{ position: 12 }, {}] });
    expect(rejectionCode(state, TAKE_10)).toBe('not_carrot_square');
  });
});

describe('the lettuce square sequence', () => {
  it('standard: on arrival the next turn must eat, and nothing else is legal', () => {
    const state = fixture({ seats: [{ position: 5 }, { position: 2 }] });
    const { state: waiting } = play(state, move(10), TAKE_10);
    expect(waiting.current).toBe(0);
    expect(legalActions(waiting)).toEqual([EAT]);
    expect(rejectionCode(waiting, move(12))).toBe('must_eat');
    expect(rejectionCode(waiting, move(0))).toBe('must_eat');
  });

  it.each(RULE_SETS)('%s: eating loses a lettuce and pays 10 x race position', (rules) => {
    const state = fixture({
      rules,
      seats: [{ position: 22, carrots: 7 }, { position: 30 }, { position: 13 }],
    });
    const { state: after, events } = play(state, EAT);
    expect(seatAt(after, 0)).toMatchObject({ position: 22, lettuces: 2, carrots: 27, ateHere: true });
    expect(eventsOfType(events, 'eat')).toEqual([
      {
        type: 'eat',
        seat: 0,
        square: 22,
        rank: 2,
        gain: 20,
        lettucesAfter: 2,
        carrotsBefore: 7,
        carrotsAfter: 27,
      },
    ]);
  });

  it('classic: on a lettuce square the seat may eat or move away', () => {
    const state = fixture({ rules: 'classic', seats: [{ position: 10 }, {}] });
    const actions = legalActions(state);
    expect(actions).toContainEqual(EAT);
    expect(actions).toContainEqual(move(12));
    expect(seatAt(play(state, move(12)).state, 0)).toMatchObject({ position: 12, lettuces: 3 });
  });

  it.each(RULE_SETS)('%s: after eating the seat must leave; it may not eat twice in one stay', (rules) => {
    const state = fixture({ rules, seats: [{ position: 10 }, { position: 2 }] });
    const { state: next } = play(state, EAT, TAKE_10);
    expect(next.current).toBe(0);
    expect(rejectionCode(next, EAT)).toBe('already_ate');
    expect(legalActions(next).every((action) => action.type === 'move')).toBe(true);
  });

  it.each(RULE_SETS)('%s: a missed turn does not allow a second lettuce in the same stay', (rules) => {
    const state = fixture({
      rules,
      seats: [{ position: 10, ateHere: true, missTurns: 1 }, { position: 2 }],
      current: 1,
    });
    const { state: after, events } = play(state, TAKE_10, TAKE_10);
    expect(eventsOfType(events, 'miss-turn')).toEqual([{ type: 'miss-turn', seat: 0, square: 10 }]);
    expect(after.current).toBe(0);
    expect(rejectionCode(after, EAT)).toBe('already_ate');
  });

  it('classic: a skipped turn does not allow a second lettuce in the same stay', () => {
    // Stuck on 22 with no carrots while the tortoise behind is taken: the only action is skip.
    const state = fixture({
      rules: 'classic',
      seats: [{ position: 22, ateHere: true, carrots: 0 }, { position: 19 }],
    });
    expect(legalActions(state)).toEqual([{ type: 'skip' }]);
    const { state: after } = play(state, { type: 'skip' }, move(21));
    expect(after.current).toBe(0);
    expect(rejectionCode(after, EAT)).toBe('already_ate');
    expect(legalActions(after)).toEqual([move(19)]);
  });

  it.each(RULE_SETS)('%s: leaving and coming back to a lettuce square allows eating again', (rules) => {
    const state = fixture({ rules, seats: [{ position: 10, ateHere: true }, { position: 2 }] });
    const { state: after } = play(state, move(12), TAKE_10, move(22), TAKE_10);
    expect(seatAt(after, 0)).toMatchObject({ position: 22, ateHere: false });
    expect(legalActions(after)).toContainEqual(EAT);
  });
});

describe('finishing', () => {
  it.each(RULE_SETS)('%s: needs 0 lettuces', (rules) => {
    const state = fixture({ rules, seats: [{ position: 63, carrots: 5, lettuces: 1 }, {}] });
    expect(rejectionCode(state, move(64))).toBe('finish_lettuces');
    expect(applyAction.bind(null, state, move(64))).toThrow('you need 0 lettuces to finish');
  });

  it('standard: the first to finish may keep at most 10 carrots, counted after paying', () => {
    const ok = fixture({ seats: [{ position: 60, carrots: 20, lettuces: 0 }, {}, {}] });
    expect(rejectionCode(ok, move(64))).toBe('accepted');
    const tooMany = fixture({ seats: [{ position: 60, carrots: 21, lettuces: 0 }, {}, {}] });
    expect(rejectionCode(tooMany, move(64))).toBe('finish_too_many_carrots');
  });

  it.each([
    [2, 20],
    [3, 30],
    [4, 40],
  ])('standard: finishing in place %i allows at most %i carrots', (place, limit) => {
    // Seats 0..place-2 have finished; seat place-1 stands on 63 (the finish costs 1).
    const withCarrots = (carrots: number) =>
      fixture({
        seats: [
          ...Array.from({ length: place - 1 }, (_, index) => ({ place: index + 1 })),
          { position: 63, lettuces: 0, carrots },
          {},
        ],
        current: place - 1,
      });
    expect(rejectionCode(withCarrots(limit + 1), move(64))).toBe('accepted');
    expect(rejectionCode(withCarrots(limit + 2), move(64))).toBe('finish_too_many_carrots');
  });

  it('classic: the limit is 20 carrots after paying', () => {
    const ok = fixture({ rules: 'classic', seats: [{ position: 60, carrots: 30, lettuces: 0 }, {}] });
    expect(rejectionCode(ok, move(64))).toBe('accepted');
    const tooMany = fixture({ rules: 'classic', seats: [{ position: 60, carrots: 31, lettuces: 0 }, {}] });
    expect(rejectionCode(tooMany, move(64))).toBe('finish_too_many_carrots');
  });

  it('logs the finish with its place and carrots', () => {
    const state = fixture({ seats: [{ position: 63, carrots: 8, lettuces: 0 }, {}, {}] });
    const { state: after, events } = play(state, move(64));
    expect(eventsOfType(events, 'finish')).toEqual([{ type: 'finish', seat: 0, place: 1, carrots: 7 }]);
    expect(seatAt(after, 0)).toMatchObject({ position: 64, place: 1 });
    expect(after.finishOrder).toEqual([0]);
  });
});
