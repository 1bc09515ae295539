/**
 * Exact values of a turn in progress, by dynamic programming over (turn total, dice in the cup). Points move
 * in steps of 50 (every score of the table is a multiple of 50), and a roll that scores always raises the turn
 * total, so each table is filled from the highest turn total down with no iteration.
 */
import { chanceBelow, rollOutcomes, type RollOutcome } from '../rules/odds';

export const UNIT = 50;

interface DiceSetting {
  dice: number;
  faces: number;
}

/** The scoring outcomes of throwing n dice (bust outcomes left out), per n = 1..dice. */
function scoringOutcomes(setting: DiceSetting): RollOutcome[][] {
  const byCount: RollOutcome[][] = [[]];
  for (let n = 1; n <= setting.dice; n++)
    byCount.push(rollOutcomes(n, setting.faces).filter((outcome) => outcome.score > 0));
  return byCount;
}

const outcomeCache = new Map<string, RollOutcome[][]>();

export function outcomesFor(setting: DiceSetting): RollOutcome[][] {
  const key = `${setting.dice}:${setting.faces}`;
  let found = outcomeCache.get(key);
  if (!found) {
    found = scoringOutcomes(setting);
    outcomeCache.set(key, found);
  }
  return found;
}

/** Dice in the cup after a roll of `n` dice in which `scoringDice` scored (all of them again: hot dice). */
export function diceAfter(n: number, scoringDice: number, dice: number): number {
  return n - scoringDice === 0 ? dice : n - scoringDice;
}

/**
 * A table of a turn's value where stopping at turn total t (in units) is worth `stopValue(t)` and a bust
 * `bustValue`, for t from `fromUnits` to `toUnits`; above `toUnits` stopping is assumed best.
 * value[t][n]: the best expected value; roll[t][n]: whether rolling is better than stopping.
 */
export interface TurnTable {
  fromUnits: number;
  value: Float64Array[];
  roll: Uint8Array[];
}

export function buildTurnTable(
  setting: DiceSetting,
  fromUnits: number,
  toUnits: number,
  stopValue: (units: number) => number,
  bustValue: number,
  canStop: (units: number) => boolean = () => true,
): TurnTable {
  const outcomes = outcomesFor(setting);
  const size = toUnits - fromUnits + 1;
  const value = Array.from({ length: size }, () => new Float64Array(setting.dice + 1));
  const roll = Array.from({ length: size }, () => new Uint8Array(setting.dice + 1));
  const valueAt = (units: number, n: number): number =>
    units > toUnits ? stopValue(units) : value[units - fromUnits]![n]!;
  for (let units = toUnits; units >= fromUnits; units--) {
    for (let n = 1; n <= setting.dice; n++) {
      let rolling = 0;
      let scoring = 0;
      for (const outcome of outcomes[n]!) {
        scoring += outcome.probability;
        rolling +=
          outcome.probability *
          valueAt(units + outcome.score / UNIT, diceAfter(n, outcome.scoringDice, setting.dice));
      }
      rolling += (1 - scoring) * bustValue;
      const stopping = canStop(units) ? stopValue(units) : -Infinity;
      value[units - fromUnits]![n] = Math.max(stopping, rolling);
      roll[units - fromUnits]![n] = rolling > stopping ? 1 : 0;
    }
  }
  return { fromUnits, value, roll };
}

/** Where stopping is always better than rolling on when points are all that count, for the table's range. */
const POINTS_CAP_UNITS = 400;

const pointsCache = new Map<string, TurnTable>();

/** The table that maximises the expected points banked this turn (bust: 0). */
export function pointsTable(setting: DiceSetting): TurnTable {
  const key = `${setting.dice}:${setting.faces}`;
  let table = pointsCache.get(key);
  if (!table) {
    table = buildTurnTable(setting, 0, POINTS_CAP_UNITS, (units) => units * UNIT, 0);
    pointsCache.set(key, table);
  }
  return table;
}

const reachCache = new Map<string, number>();

/**
 * The chance that a player starting a turn banks at least `need` points, rolling on until they have them
 * (a first roll below `entry` busts when they have not entered).
 */
export function chanceToReach(
  setting: DiceSetting & { entry: number },
  need: number,
  entered: boolean,
): number {
  if (need <= 0) return 1;
  const needUnits = Math.ceil(need / UNIT);
  const entry = entered ? 0 : setting.entry;
  const key = `${setting.dice}:${setting.faces}:${entry}:${needUnits}`;
  const cached = reachCache.get(key);
  if (cached !== undefined) return cached;
  const table = buildTurnTable(setting, 0, needUnits - 1, (units) => (units >= needUnits ? 1 : 0), 0);
  let chance = 0;
  for (const outcome of rollOutcomes(setting.dice, setting.faces)) {
    if (outcome.score === 0 || outcome.score < entry) continue;
    const units = outcome.score / UNIT;
    const n = diceAfter(setting.dice, outcome.scoringDice, setting.dice);
    chance += outcome.probability * (units >= needUnits ? 1 : table.value[units]![n]!);
  }
  reachCache.set(key, chance);
  return chance;
}

/** The chance that a roll of n dice busts: scores nothing, or less than `minimum` on an entry roll. */
export function bustChance(n: number, faces: number, minimum: number): number {
  return chanceBelow(n, faces, Math.max(minimum, UNIT));
}
