/** Greed's turn: entry, bust, hot dice, banking, the final round, places, options and the observation. */
import { describe, expect, it } from 'vitest';
import { GameOptionError } from '../../../src/games/kit/errors';
import { IllegalActionError } from '../../../src/games/kit/errors';
import {
  applyAction,
  createGame,
  legalActions,
  observe,
  standings,
} from '../../../src/games/greed/rules/index';
import { newGame, play } from './helpers';
import type { GreedOptions } from '../../../src/games/greed/rules/types';

describe('a turn', () => {
  it('starts with a roll only; stop becomes legal after a roll that scores', () => {
    const state = newGame();
    expect(legalActions(state)).toEqual([{ type: 'roll' }]);
    expect(() => applyAction(state, { type: 'stop' })).toThrow(IllegalActionError);
    const { state: after } = play(state, [[1, 1, 1, 2, 3]]);
    expect(legalActions(after)).toEqual([{ type: 'roll' }, { type: 'stop' }]);
    expect(after.turnTotal).toBe(1000);
    expect(after.diceInCup).toBe(2);
  });

  it('an entry roll below the minimum busts, though it scores', () => {
    const { state, events } = play(newGame(), [[1, 2, 3, 4, 5]]);
    expect(events.map((e) => e.type)).toEqual(['roll', 'bust']);
    expect(events[1]).toMatchObject({ reason: 'entry', lost: 0, entry: 300 });
    expect(state.current).toBe(1);
    expect(state.lastRoll).toEqual({ seat: 0, dice: [1, 2, 3, 4, 5], score: 150, bust: true });
    expect(state.tallies[0]!.busts).toBe(1);
  });

  it('once entered, a first roll only has to score; with entry 0 there is no entry rule', () => {
    let { state } = play(newGame(), [[1, 1, 1, 2, 3], 'stop', [2, 3, 4, 6, 6]]);
    expect(state.scores).toEqual([1000, 0]);
    ({ state } = play(state, [[5, 2, 3, 4, 6]]));
    expect(state.turnTotal).toBe(50);
    const free = play(newGame(2, { entry: 0 }), [[5, 2, 3, 4, 6], 'stop']).state;
    expect(free.scores[0]).toBe(50);
  });

  it('a roll that scores nothing busts and loses the turn total', () => {
    const { state, events } = play(newGame(), [[1, 1, 1, 5, 3], [2]]);
    expect(events.at(-1)).toMatchObject({ type: 'bust', reason: 'nothing', lost: 1050 });
    expect(state.scores).toEqual([0, 0]);
    expect(state.history[0]).toEqual([0]);
  });

  it('hot dice: when every die has scored, all of them go back in the cup', () => {
    const { state, events } = play(newGame(), [[1, 1, 1, 5, 3], [5]]);
    expect(events.at(-1)).toMatchObject({ type: 'roll', hotDice: true, diceInCup: 5, turnTotal: 1100 });
    expect(state.diceInCup).toBe(5);
    expect(state.tallies[0]!.hotDice).toBe(1);
    const again = play(state, [[2, 2, 2, 3, 4]]).state;
    expect(again.turnTotal).toBe(1300);
    expect(again.diceInCup).toBe(2);
  });

  it('stop banks, enters the player, records the best turn, and passes the turn', () => {
    const { state, events } = play(newGame(3), [[1, 1, 1, 5, 3], 'stop']);
    expect(events.at(-1)).toEqual({ type: 'bank', seat: 0, points: 1050, score: 1050, entered: true });
    expect(state.current).toBe(1);
    expect(state.tallies[0]).toEqual({ turns: 1, busts: 0, bestTurn: 1050, hotDice: 0 });
    expect(observe(state).entered).toEqual([true, false, false]);
  });
});

describe('the end', () => {
  const big = [1, 1, 1, 1, 1];
  it('the final round lets everyone after the first to reach the target play once more; they can still win', () => {
    let state = newGame(3, { target: 1000, entry: 0 });
    ({ state } = play(state, [[5, 2, 3, 4, 6], 'stop'])); // seat 0: 50
    ({ state } = play(state, [big, 'stop'])); // seat 1: 1200 → final round
    expect(state.finalRound).toBe(true);
    expect(state.over).toBe(false);
    expect(state.current).toBe(2);
    const { state: end, events } = play(state, [big, [1, 1, 1, 2, 3], 'stop']); // seat 2: 2200
    expect(events.map((e) => e.type)).toContain('end');
    expect(end.over).toBe(true);
    expect(observe(end).places).toEqual([3, 2, 1]);
    expect(legalActions(end)).toEqual([]);
    expect(() => applyAction(end, { type: 'roll' })).toThrow(IllegalActionError);
  });

  it('the last seat reaching the target ends the game at once; ties share a place', () => {
    let state = newGame(3, { target: 1000, entry: 0 });
    ({ state } = play(state, [big, 'stop', [2, 3, 4, 6, 6], big, 'stop']));
    expect(state.finalRound).toBe(true);
    expect(state.over).toBe(true);
    expect(standings(state)).toEqual([
      { seat: 0, place: 1 },
      { seat: 1, place: 3 },
      { seat: 2, place: 1 },
    ]);
  });

  it('a turn limit ends the game after that many rounds, placed by score', () => {
    let state = newGame(2, { turnLimit: 1, entry: 0 });
    ({ state } = play(state, [[5, 2, 3, 4, 6], 'stop', [2, 3, 4, 6, 6]]));
    expect(state.over).toBe(true);
    expect(observe(state)).toMatchObject({ seat: null, over: true, places: [1, 2] });
  });
});

describe('options', () => {
  it('takes the defaults of the rules file', () => {
    expect(createGame({ seats: 2, seed: 's' }).options).toEqual({
      dice: 5,
      faces: 6,
      entry: 300,
      target: 5000,
      turnLimit: null,
    });
  });

  it('honours every option at its limits', () => {
    for (const options of [
      { dice: 3, faces: 4, entry: 0, target: 1000 },
      { dice: 8, faces: 12, entry: 1000, target: 20000 },
    ]) {
      let state = createGame({ seats: 8, seed: 'limits', options });
      expect(state.diceInCup).toBe(options.dice);
      state = applyAction(state, { type: 'roll' }).state;
      expect(state.lastRoll!.dice).toHaveLength(options.dice);
      expect(state.lastRoll!.dice.every((die) => die >= 1 && die <= options.faces)).toBe(true);
    }
  });

  it.each([
    [{ dice: 2 }],
    [{ dice: 9 }],
    [{ faces: 3 }],
    [{ faces: 13 }],
    [{ entry: 75 }],
    [{ entry: 1050 }],
    [{ target: 950 }],
    [{ target: 5025 }],
    [{ target: 20050 }],
    [{ dice: 4.5 }],
  ])('refuses %j', (options) => {
    expect(() => createGame({ seats: 2, seed: 's', options })).toThrow(GameOptionError);
  });

  it('explains a refused option with separators in its numbers and the names players type', () => {
    const refusal = (options: Partial<GreedOptions>) => {
      try {
        createGame({ seats: 2, seed: 's', options });
      } catch (error) {
        return (error as Error).message;
      }
      return 'allowed';
    };
    expect(refusal({ target: 950 })).toBe('target must be a whole number from 1,000 to 20,000');
    expect(refusal({ entry: 1050 })).toBe('entry must be a whole number from 0 to 1,000');
    expect(refusal({ turnLimit: 501 })).toBe('the turn limit must be a whole number from 1 to 500');
  });

  it('refuses seat counts outside 2 to 8', () => {
    expect(() => createGame({ seats: 1, seed: 's' })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 9, seed: 's' })).toThrow(GameOptionError);
  });
});

describe('the observation', () => {
  it('has exactly the fields of the contract, as in its example', () => {
    const after = play(newGame(2, { entry: 0 }), [
      [2, 3, 4, 6, 6],
      [2, 2, 2, 5, 4],
      [5],
      [1, 2, 3, 1, 5],
      'stop',
    ]).state;
    expect(observe(after)).toEqual({
      seat: 0,
      scores: [0, 550],
      entered: [false, true],
      turnTotal: 0,
      diceInCup: 5,
      lastRoll: { seat: 1, dice: [1, 2, 3, 1, 5], score: 250, bust: false },
      finalRound: false,
      over: false,
      places: null,
    });
  });
});
