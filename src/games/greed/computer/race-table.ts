/**
 * The chance to win a two-player race, exactly, by dynamic programming over the game's states: both banked
 * scores (in units of 50 below the target), the turn total and the dice in the cup, and whether the player to
 * act is first or last in the round (the last player ends the game on reaching the target; the first gives the
 * other one last turn). start[k][a·N + b] is the chance that the player to act wins at the start of a turn
 * with score a against b, k = 0 when they are first in the round, 1 when last.
 *
 * States whose sum of scores is higher are solved first (a turn that banks points raises the sum); a bust
 * hands the turn over at the same sum, which couples (a, b) with (b, a): those two are solved together, each
 * turn's table giving its value as a linear function of the other's (policy iteration until the policy holds).
 */
import { rollOutcomes } from '../rules/odds';
import type { GreedOptions } from '../rules/types';
import { FinalRound, SAFE_LEAD_UNITS } from './final-round';
import { diceAfter, outcomesFor, UNIT } from './turn-values';

/** How far past the target (in units) a turn is still played on for a bigger lead. */
export const PAST_TARGET_UNITS = 40;
const MAX_POLICY_ROUNDS = 8;

export interface RaceTable {
  /** The target in units: scores below it index the tables. */
  size: number;
  start: [Float64Array, Float64Array];
}

type Setting = Pick<GreedOptions, 'dice' | 'faces' | 'entry' | 'target'>;

/** The outcomes of throwing n dice that score, flattened: units scored, dice in the cup after, probability. */
interface FlatOutcomes {
  units: Int32Array;
  after: Int32Array;
  probability: Float64Array;
  /** The chance that the throw scores. */
  scoring: number;
}

function flatten(setting: Setting): FlatOutcomes[] {
  return outcomesFor(setting).map((list, n) => ({
    units: Int32Array.from(list, (outcome) => outcome.score / UNIT),
    after: Int32Array.from(list, (outcome) => diceAfter(n, outcome.scoringDice, setting.dice)),
    probability: Float64Array.from(list, (outcome) => outcome.probability),
    scoring: list.reduce((sum, outcome) => sum + outcome.probability, 0),
  }));
}

/**
 * lastTurn[entered][lead]: the chance that the player ahead by `lead` units wins when the other one plays the
 * last turn (a tie shares the win: the other one stops on it only when that is worth more than rolling on).
 */
function lastTurnChances(setting: Setting, leads: number): [Float64Array, Float64Array] {
  const chances = (entered: boolean) =>
    Float64Array.from({ length: leads + 1 }, (_, lead) => {
      const other = entered ? 1 : 0;
      const round = new FinalRound(setting, [0, other * UNIT], other + lead + SAFE_LEAD_UNITS);
      return round.shareOf(1, (other + lead) * UNIT, -1, 0);
    });
  return [chances(false), chances(true)];
}

interface TurnValue {
  /** Value of the turn when a bust is worth 0. */
  base: number;
  /** How much of a bust's value the turn carries (its chance of ending in a bust). */
  bustShare: number;
}

class TurnSolver {
  private readonly outcomes: FlatOutcomes[];
  private readonly first: FlatOutcomes;
  private readonly firstScores: Int32Array;
  private readonly lastTurn: [Float64Array, Float64Array];
  private readonly value: Float64Array;
  private readonly bust: Float64Array;
  private readonly stop: Float64Array;
  private readonly width: number;
  private readonly highest: number;
  /** The banked units of the player whose turn `solve` solved last. */
  private solvedFor = 0;

  constructor(
    private readonly setting: Setting,
    private readonly table: RaceTable,
  ) {
    this.outcomes = flatten(setting);
    const all = rollOutcomes(setting.dice, setting.faces).filter((outcome) => outcome.score > 0);
    this.first = this.outcomes[setting.dice]!;
    this.firstScores = Int32Array.from(all, (outcome) => outcome.score);
    this.width = setting.dice + 1;
    const maxRoll = Math.max(...this.outcomes.flatMap((flat) => [...flat.units]));
    this.highest = table.size + PAST_TARGET_UNITS + maxRoll;
    this.lastTurn = lastTurnChances(setting, this.highest);
    const rows = this.highest + 1;
    this.value = new Float64Array(rows * this.width);
    this.bust = new Float64Array(rows * this.width);
    this.stop = new Float64Array(rows);
  }

  /** stop[t]: the chance to win by banking t units now, for the player with `a` against `b`. */
  private fillStopValues(k: number, a: number, b: number): void {
    const { table, stop, lastTurn } = this;
    const size = table.size;
    const other = table.start[1 - k]!;
    const lastChances = lastTurn[b > 0 ? 1 : 0];
    for (let units = 1; units <= this.highest - a; units++) {
      const score = a + units;
      stop[units] = score < size ? 1 - other[b * size + score]! : k === 1 ? 1 : lastChances[score - b]!;
    }
  }

  /** The turn of the player with `a` against `b` (k: first or last in the round), a bust worth `bustValue`. */
  solve(k: number, a: number, b: number, bustValue: number): TurnValue {
    const { setting, width, value, bust, stop } = this;
    this.solvedFor = a;
    this.fillStopValues(k, a, b);
    const top = this.table.size - a + PAST_TARGET_UNITS;
    for (let units = this.highest - a; units > top; units--) {
      for (let n = 1; n <= setting.dice; n++) {
        value[units * width + n] = stop[units]!;
        bust[units * width + n] = 0;
      }
    }
    for (let units = top; units >= 1; units--) {
      const stopping = stop[units]!;
      for (let n = 1; n <= setting.dice; n++) {
        const flat = this.outcomes[n]!;
        let rolling = (1 - flat.scoring) * bustValue;
        let bustShare = 1 - flat.scoring;
        for (let i = 0; i < flat.units.length; i++) {
          const index = (units + flat.units[i]!) * width + flat.after[i]!;
          rolling += flat.probability[i]! * value[index]!;
          bustShare += flat.probability[i]! * bust[index]!;
        }
        const index = units * width + n;
        const rollOn = rolling > stopping;
        value[index] = rollOn ? rolling : stopping;
        bust[index] = rollOn ? bustShare : 0;
      }
    }
    return this.startOfTurn(a, bustValue);
  }

  /** Whether rolling on at turn total `units` with `n` dice is better (after `solve` of this turn). */
  /** The chances of stopping and of rolling on at turn total `units` with `n` dice (after `solve`). */
  chancesAt(units: number, n: number, bustValue: number): { stop: number; roll: number } {
    const { width, value } = this;
    const flat = this.outcomes[n]!;
    const highest = this.highest - this.solvedFor;
    let roll = (1 - flat.scoring) * bustValue;
    for (let i = 0; i < flat.units.length; i++) {
      const reached = Math.min(units + flat.units[i]!, highest);
      roll += flat.probability[i]! * value[reached * width + flat.after[i]!]!;
    }
    return { stop: this.stop[units]!, roll };
  }

  rollsOn(units: number, n: number): boolean {
    return this.value[units * this.width + n]! > this.stop[units]!;
  }

  private startOfTurn(a: number, bustValue: number): TurnValue {
    const { width, value, bust, first } = this;
    const entry = a === 0 ? this.setting.entry : 0;
    let base = 0;
    let bustShare = 1 - first.scoring;
    for (let i = 0; i < first.units.length; i++) {
      if (this.firstScores[i]! < entry) {
        bustShare += first.probability[i]!;
        continue;
      }
      const index = first.units[i]! * width + first.after[i]!;
      base += first.probability[i]! * (value[index]! - bust[index]! * bustValue);
      bustShare += first.probability[i]! * bust[index]!;
    }
    return { base, bustShare };
  }
}

/** Solves x = f(1 − y), y = g(1 − x) for the two coupled turns, re-solving until the policies hold. */
function solveCoupled(
  solver: TurnSolver,
  k: number,
  a: number,
  b: number,
  guess: [number, number],
): [number, number] {
  let [x, y] = guess;
  for (let round = 0; round < MAX_POLICY_ROUNDS; round++) {
    const f = solver.solve(k, a, b, 1 - y);
    const g = solver.solve(1 - k, b, a, 1 - x);
    // x = f.base + f.bustShare (1 − y), y = g.base + g.bustShare (1 − x)
    const denominator = 1 - f.bustShare * g.bustShare;
    const nextX = (f.base + f.bustShare * (1 - g.base - g.bustShare)) / denominator;
    const nextY = g.base + g.bustShare * (1 - nextX);
    const settled = Math.abs(nextX - x) < 1e-9 && Math.abs(nextY - y) < 1e-9;
    x = nextX;
    y = nextY;
    if (settled) break;
  }
  return [x, y];
}

export interface RaceSolver {
  table: RaceTable;
  /**
   * Whether the player to act (first in the round: k 0, last: k 1) with `a` units banked against `b`, turn
   * total `units` and `n` dice in the cup, has a better chance by rolling on.
   */
  rollsOn(k: number, a: number, b: number, units: number, n: number): boolean;
  /** The same player's chances to win by stopping there and by rolling on (and playing on as the expert). */
  chances(k: number, a: number, b: number, units: number, n: number): { stop: number; roll: number };
}

/** The solver of `setting`, from `table` when it was built before (e.g. shipped for the default options). */
export function buildRaceSolver(setting: Setting, table: RaceTable = buildRaceTable(setting)): RaceSolver {
  const solver = new TurnSolver(setting, table);
  return {
    table,
    rollsOn(k, a, b, units, n) {
      solver.solve(k, a, b, 1 - table.start[1 - k]![b * table.size + a]!);
      return solver.rollsOn(units, n);
    },
    chances(k, a, b, units, n) {
      const bustValue = 1 - table.start[1 - k]![b * table.size + a]!;
      solver.solve(k, a, b, bustValue);
      return solver.chancesAt(units, n, bustValue);
    },
  };
}

export function buildRaceTable(setting: Setting): RaceTable {
  const size = setting.target / UNIT;
  const table: RaceTable = {
    size,
    start: [new Float64Array(size * size), new Float64Array(size * size)],
  };
  const solver = new TurnSolver(setting, table);
  let guess: [number, number] = [0.5, 0.5];
  for (let sum = 2 * (size - 1); sum >= 0; sum--) {
    for (let a = Math.max(0, sum - size + 1); a <= Math.min(sum, size - 1); a++) {
      const b = sum - a;
      // (a, b) first in the round is coupled with (b, a) last: together they cover every state once.
      const [x, y] = solveCoupled(solver, 0, a, b, guess);
      guess = [x, y];
      table.start[0][a * size + b] = x;
      table.start[1][b * size + a] = y;
    }
  }
  return table;
}

/** A table as plain data (chances rounded to 7 decimals), for shipping a table built ahead of time. */
export interface StoredRaceTable {
  setting: Setting;
  size: number;
  first: number[];
  last: number[];
}

export function storeRaceTable(setting: Setting, table: RaceTable): StoredRaceTable {
  const round = (chances: Float64Array) => Array.from(chances, (chance) => Math.round(chance * 1e7) / 1e7);
  return { setting, size: table.size, first: round(table.start[0]), last: round(table.start[1]) };
}

export function loadRaceTable(stored: StoredRaceTable): RaceTable {
  return { size: stored.size, start: [Float64Array.from(stored.first), Float64Array.from(stored.last)] };
}
