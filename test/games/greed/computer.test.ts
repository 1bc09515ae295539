/** Greed's computer players: legal choices, the greediness levels' rules, and the expert's exact tables. */
import { describe, expect, it } from 'vitest';
import {
  COMPUTER_LEVELS,
  chooseAction,
  chanceToReach,
  pointsTable,
} from '../../../src/games/greed/computer/index';
import { buildRaceSolver, buildRaceTable, loadRaceTable } from '../../../src/games/greed/computer/race-table';
import { DEFAULT_RACE_TABLE } from '../../../src/games/greed/computer/race-table-default';
import { bustStreak } from '../../../src/games/greed/computer/thresholds';
import { applyAction, chanceBelow, legalActions } from '../../../src/games/greed/rules/index';
import { newGame, play } from './helpers';

describe('every level', () => {
  it('chooses a legal action in random games, for every option set', () => {
    for (const options of [
      {},
      { dice: 3, faces: 4, entry: 0, target: 1000 },
      { dice: 8, faces: 12, target: 3000 },
    ]) {
      for (const level of COMPUTER_LEVELS) {
        let state = newGame(3, options, `legal:${level}`);
        for (let step = 0; step < 3000 && !state.over; step++) {
          const action = chooseAction(state, level);
          expect(legalActions(state)).toContainEqual(action);
          state = applyAction(state, action).state;
        }
        expect(state.over).toBe(true);
      }
    }
  });

  it('in the final round rolls on while behind the leader, and stops once ahead', () => {
    let state = newGame(2, { target: 1000, entry: 0 });
    ({ state } = play(state, [[1, 1, 1, 1, 1], 'stop'])); // seat 0: 1200, the final round
    ({ state } = play(state, [[1, 1, 1, 2, 3]])); // seat 1: turn 1000 < 1200
    for (const level of COMPUTER_LEVELS) expect(chooseAction(state, level)).toEqual({ type: 'roll' });
    ({ state } = play(state, [[1, 5]])); // 1150, hot dice
    ({ state } = play(state, [[5, 2, 3, 4, 6]])); // 1200: a tie
    ({ state } = play(state, [[5, 2, 3, 4]])); // 1250: ahead
    for (const level of ['cautious', 'steady', 'greedy'])
      expect(chooseAction(state, level)).toEqual({ type: 'stop' });
  });
});

describe('the greediness levels', () => {
  it('stop at their aims: cautious earlier than steady, steady earlier than greedy', () => {
    const { state } = play(newGame(), [[1, 1, 1, 2, 3], 'stop', [2, 3, 4, 6, 6], [5, 5, 2, 3, 4]]);
    // seat 0 entered with 1000; its second turn stands at 100 with 3 dice to throw
    const at = (total: number) => ({ ...state, turnTotal: total });
    expect(chooseAction(at(150), 'cautious')).toEqual({ type: 'roll' });
    expect(chooseAction(at(200), 'cautious')).toEqual({ type: 'stop' });
    expect(chooseAction(at(300), 'steady')).toEqual({ type: 'roll' });
    expect(chooseAction(at(350), 'steady')).toEqual({ type: 'stop' });
    expect(chooseAction(at(550), 'greedy')).toEqual({ type: 'roll' });
    expect(chooseAction(at(600), 'greedy')).toEqual({ type: 'stop' });
  });

  it('count busts in a row from the banked-score history', () => {
    const { state } = play(newGame(), [
      [1, 1, 1, 2, 3],
      'stop',
      [2, 3, 4, 6, 6],
      [2, 3, 4, 6, 6],
      [2, 3, 4, 6, 6],
    ]);
    expect(bustStreak(state, 0)).toBe(1);
    expect(bustStreak(state, 1)).toBe(2);
  });
});

describe('the expert', () => {
  it('maximises the points of a turn: with 5 dice it rolls on far longer than with 2', () => {
    const table = pointsTable({ dice: 5, faces: 6 });
    expect(table.roll[4]![5]).toBe(1);
    expect(table.roll[4]![2]).toBe(0);
    // the value of a fresh turn is at least the score of its first roll on average
    expect(table.value[0]![5]).toBeGreaterThan(215.51);
  });

  it('knows the exact chance of reaching a score in one turn', () => {
    expect(chanceToReach({ dice: 5, faces: 6, entry: 300 }, 0, false)).toBe(1);
    expect(chanceToReach({ dice: 5, faces: 6, entry: 0 }, 50, true)).toBeCloseTo(
      1 - chanceBelow(5, 6, 1),
      12,
    );
    const entering = chanceToReach({ dice: 5, faces: 6, entry: 300 }, 300, false);
    expect(entering).toBeCloseTo(1605 / 7776, 12); // an entry roll of 300 has all it needs
    expect(chanceToReach({ dice: 5, faces: 6, entry: 300 }, 300, true)).toBeGreaterThan(entering);
  });

  it('builds a two-player race table whose chances are probabilities and favour the leader', () => {
    const { table } = buildRaceSolver({ dice: 3, faces: 4, entry: 0, target: 1000 });
    const size = table.size;
    for (const k of [0, 1] as const)
      for (const chance of table.start[k]) {
        expect(chance).toBeGreaterThanOrEqual(-1e-9);
        expect(chance).toBeLessThanOrEqual(1 + 1e-9);
      }
    for (let b = 0; b < size; b++) {
      for (let a = 1; a < size; a++)
        expect(table.start[0][a * size + b]).toBeGreaterThanOrEqual(
          table.start[0][(a - 1) * size + b]! - 1e-9,
        );
    }
  });

  it('ships the race table of the default options exactly as a fresh build makes it', () => {
    const fresh = buildRaceTable(DEFAULT_RACE_TABLE.setting);
    const shipped = loadRaceTable(DEFAULT_RACE_TABLE);
    expect(shipped.size).toBe(fresh.size);
    for (const k of [0, 1] as const) {
      const worst = Math.max(...fresh.start[k].map((chance, i) => Math.abs(chance - shipped.start[k][i]!)));
      expect(worst).toBeLessThan(1e-7);
    }
  });

  it('does not stop short of the target when the last player would then need little', () => {
    // seat 0 with 4900 and a turn of 250 against 4950: stopping at 5150 leaves seat 1 a last turn needing 250
    let state = newGame(2, { entry: 0 });
    state = {
      ...state,
      scores: [4900, 4950],
      history: [[4900], [4950]],
      turnTotal: 250,
      rolled: true,
      diceInCup: 3,
    };
    expect(chooseAction(state, 'expert')).toEqual({ type: 'roll' });
    expect(chooseAction(state, 'cautious')).toEqual({ type: 'stop' });
  });
});
