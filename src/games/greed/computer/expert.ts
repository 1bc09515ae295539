/**
 * The expert: exact dynamic programming on the turn in progress. Far from the target it maximises the points
 * it banks (the table of turn-values.ts); when the turn can reach the target, and in the final round, it
 * maximises its chance to win instead: the players still to play in the round get one turn each, and their
 * chance to pass a score is computed exactly too. Below the target, a banked score's chance to win the race
 * is estimated from the lead (see `raceChance`).
 */
import type { Action, GameState } from '../rules/types';
import { buildRaceSolver, loadRaceTable, type RaceSolver } from './race-table';
import { DEFAULT_RACE_TABLE } from './race-table-default';
import { buildTurnTable, chanceToReach, outcomesFor, pointsTable, UNIT } from './turn-values';

/** How near the target (in points) the turn starts to be played for the win rather than for points. */
const ENDGAME_MARGIN = 1500;
/** Beyond this lead over every other score, more points change nothing. */
const SAFE_LEAD = 4000;
/** The spread of the race estimate: a lead of this many points is worth odds of e to 1. */
const RACE_SCALE = 1000;

/** Seats that still play in this round after `seat` (each gets one more turn in the final round). */
function laterSeats(state: GameState, seat: number): number[] {
  return Array.from({ length: state.seats - seat - 1 }, (_, i) => seat + 1 + i);
}

function otherScores(state: GameState, seat: number): number[] {
  return state.scores.filter((_, other) => other !== seat);
}

/** Estimated chance to win the race from banked score `score` before the final round (a logistic of the lead). */
export function raceChance(state: GameState, seat: number, score: number): number {
  const others = otherScores(state, seat);
  const best = Math.max(...others);
  const fairShare = 1 / (others.length + 1);
  const logit = Math.log(fairShare / (1 - fairShare)) + (score - best) / RACE_SCALE;
  return 1 / (1 + Math.exp(-logit));
}

/** The chance that no player still to play passes `score` (a tie counts half). */
function chanceNobodyPasses(state: GameState, seat: number, score: number): number {
  let chance = 1;
  for (const other of laterSeats(state, seat)) {
    const gap = score - state.scores[other]!;
    const setting = state.options;
    const entered = state.scores[other]! > 0;
    const passes = chanceToReach(setting, gap + UNIT, entered);
    const ties = chanceToReach(setting, gap, entered) - passes;
    chance *= 1 - passes - ties / 2;
  }
  return chance;
}

/** In the final round: the chance of winning if this seat ends with `score`. */
function finalChance(state: GameState, seat: number, score: number): number {
  const finished = state.scores.filter((_, other) => other !== seat && other < seat);
  const best = finished.length ? Math.max(...finished) : -1;
  if (score < best) return 0;
  return (score === best ? 0.5 : 1) * chanceNobodyPasses(state, seat, score);
}

/** Before the final round: reaching the target ends the race for this seat, below it the race goes on. */
function triggerChance(state: GameState, seat: number, score: number): number {
  return score >= state.options.target
    ? chanceNobodyPasses(state, seat, score)
    : raceChance(state, seat, score);
}

function playForTheWin(state: GameState, value: (score: number) => number): boolean {
  const seat = state.current;
  const banked = state.scores[seat]!;
  const fromUnits = state.turnTotal / UNIT;
  const ceiling = Math.max(...state.scores, state.options.target) + SAFE_LEAD;
  const toUnits = Math.max(fromUnits, Math.ceil((ceiling - banked) / UNIT));
  const table = buildTurnTable(
    state.options,
    fromUnits,
    toUnits,
    (units) => value(banked + units * UNIT),
    value(banked),
  );
  return table.roll[0]![state.diceInCup] === 1;
}

/** Race tables are built for targets and dice up to these (larger ones would take too long to build). */
const RACE_TABLE_MAX_UNITS = 120;
const RACE_TABLE_MAX_OUTCOMES = 60;
const raceSolvers = new Map<string, RaceSolver | null>();

function raceSolverFor(state: GameState): RaceSolver | null {
  const { dice, faces, entry, target } = state.options;
  const key = `${dice}:${faces}:${entry}:${target}`;
  let solver = raceSolvers.get(key);
  if (solver === undefined) {
    const cheap =
      target / UNIT <= RACE_TABLE_MAX_UNITS &&
      outcomesFor(state.options)[dice]!.length <= RACE_TABLE_MAX_OUTCOMES;
    const shipped = DEFAULT_RACE_TABLE.setting;
    const isDefault =
      dice === shipped.dice &&
      faces === shipped.faces &&
      entry === shipped.entry &&
      target === shipped.target;
    if (isDefault) solver = buildRaceSolver(state.options, loadRaceTable(DEFAULT_RACE_TABLE));
    else solver = cheap ? buildRaceSolver(state.options) : null;
    raceSolvers.set(key, solver);
  }
  return solver;
}

/** The race table's choice against the leading opponent, treated as the only one. */
function raceChoice(state: GameState, solver: RaceSolver): boolean {
  const seat = state.current;
  const a = state.scores[seat]! / UNIT;
  const b = Math.max(...otherScores(state, seat)) / UNIT;
  const k = seat === state.seats - 1 ? 1 : 0;
  return solver.rollsOn(k, a, b, state.turnTotal / UNIT, state.diceInCup);
}

export function expertChoice(state: GameState): Action {
  if (!state.rolled) return { type: 'roll' };
  const seat = state.current;
  const banked = state.scores[seat]!;
  const solver = raceSolverFor(state);
  let roll: boolean;
  if (state.finalRound) roll = playForTheWin(state, (score) => finalChance(state, seat, score));
  else if (solver) roll = raceChoice(state, solver);
  else if (banked + state.turnTotal >= state.options.target - ENDGAME_MARGIN)
    roll = playForTheWin(state, (score) => triggerChance(state, seat, score));
  else roll = pointsTable(state.options).roll[state.turnTotal / UNIT]![state.diceInCup] === 1;
  return roll ? { type: 'roll' } : { type: 'stop' };
}
