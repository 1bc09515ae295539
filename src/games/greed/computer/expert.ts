/**
 * The expert: exact dynamic programming on the turn in progress. Far from the target it maximises the points
 * it banks (the table of turn-values.ts); when the turn can reach the target, and in the final round, it
 * maximises its chance to win instead: the players still to play in the round get one turn each, each playing
 * for its own share of the win (a tie shares it), counted exactly by final-round.ts. Below the target, a banked score's chance to win the race
 * is estimated from the lead (see `raceChance`).
 */
import type { Action, GameState, GreedOptions } from '../rules/types';
import { FinalRound } from './final-round';
import { buildRaceSolver, loadRaceTable, type RaceSolver } from './race-table';
import { DEFAULT_RACE_TABLE } from './race-table-default';
import { buildTurnTable, diceAfter, outcomesFor, pointsTable, UNIT } from './turn-values';

/** How near the target (in points) the turn starts to be played for the win rather than for points. */
const ENDGAME_MARGIN = 1500;
/** Beyond this lead over every other score, more points change nothing. */
const SAFE_LEAD = 4000;
/** The spread of the race estimate: a lead of this many points is worth odds of e to 1. */
const RACE_SCALE = 1000;

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

/** Scores (in points) from which more points change nothing: the highest score or the target, plus a safe lead. */
function ceilingOf(state: GameState): number {
  return Math.max(...state.scores, state.options.target) + SAFE_LEAD;
}

const FINAL_ROUNDS_KEPT = 16;
const finalRounds = new Map<string, FinalRound>();

/** The exact final round of the seats after `seat` (kept for the turn's next decisions). */
function finalRoundAfter(state: GameState, seat: number): FinalRound {
  const { dice, faces, entry } = state.options;
  const ceiling = ceilingOf(state);
  const later = state.scores.slice(seat + 1);
  const key = `${dice}:${faces}:${entry}:${ceiling}:${seat}:${later.join(',')}`;
  let found = finalRounds.get(key);
  if (!found) {
    const banked = state.scores.map((score, other) => (other > seat ? score : 0));
    found = new FinalRound(state.options, banked, ceiling / UNIT);
    if (finalRounds.size >= FINAL_ROUNDS_KEPT) finalRounds.delete(finalRounds.keys().next().value!);
    finalRounds.set(key, found);
  }
  return found;
}

/**
 * The chance of winning (a shared win counted as its share) if `seat` ends its turn with `score` and no seat
 * before it plays again: in the final round, or on reaching the target. The seats after it get one turn each.
 */
export function finalChance(state: GameState, seat: number, score: number): number {
  const finished = state.scores.slice(0, seat);
  const best = finished.length ? Math.max(...finished) : -1;
  const tied = finished.filter((other) => other === best).length;
  return finalRoundAfter(state, seat).shareOf(seat + 1, score, best, tied);
}

/** Before the final round: reaching the target ends the race for this seat, below it the race goes on. */
function triggerChance(state: GameState, seat: number, score: number): number {
  return score >= state.options.target ? finalChance(state, seat, score) : raceChance(state, seat, score);
}

/** The chances of stopping now and of rolling on (then playing on for the win) when `value` is a score's worth. */
function chancesOfTheTurn(
  state: GameState,
  value: (score: number) => number,
): { stop: number; roll: number } {
  const banked = state.scores[state.current]!;
  const fromUnits = state.turnTotal / UNIT;
  const toUnits = Math.max(fromUnits, Math.ceil((ceilingOf(state) - banked) / UNIT));
  const stopValue = (units: number) => value(banked + units * UNIT);
  const bust = value(banked);
  const table = buildTurnTable(state.options, fromUnits, toUnits, stopValue, bust);
  const n = state.diceInCup;
  let roll = 0;
  let scoring = 0;
  for (const outcome of outcomesFor(state.options)[n]!) {
    const units = fromUnits + outcome.score / UNIT;
    const after = diceAfter(n, outcome.scoringDice, state.options.dice);
    scoring += outcome.probability;
    roll +=
      outcome.probability * (units > toUnits ? stopValue(units) : table.value[units - fromUnits]![after]!);
  }
  return { stop: state.rolled ? stopValue(fromUnits) : -Infinity, roll: roll + (1 - scoring) * bust };
}

/**
 * In the final round: the seat to act's chance to win if it stops now and if it rolls on (and then plays on
 * as the expert), every later seat playing for its own share of the win.
 */
export function finalRoundChances(state: GameState): { stop: number; roll: number } {
  return chancesOfTheTurn(state, (score) => finalChance(state, state.current, score));
}

function playForTheWin(state: GameState, value: (score: number) => number): boolean {
  const { stop, roll } = chancesOfTheTurn(state, value);
  return roll > stop;
}

/** Race tables are built for targets and dice up to these (larger ones would take too long to build). */
const RACE_TABLE_MAX_UNITS = 120;
const RACE_TABLE_MAX_OUTCOMES = 60;
const raceSolvers = new Map<string, RaceSolver | null>();

function raceKey(options: GreedOptions): string {
  return `${options.dice}:${options.faces}:${options.entry}:${options.target}`;
}

/**
 * The race solver only when it costs nothing to get: the shipped table's, or one this thread built before
 * (the summary's chances must not wait seconds for a table of other options).
 */
export function readyRaceSolver(options: GreedOptions): RaceSolver | null {
  const shipped = DEFAULT_RACE_TABLE.setting;
  if (raceSolvers.has(raceKey(options)) || raceKey(options) === raceKey({ ...options, ...shipped }))
    return raceSolverFor(options);
  return null;
}

/** The two-player race solver of the options (shipped, or built when cheap enough), or null. */
export function raceSolverFor(options: GreedOptions): RaceSolver | null {
  const { dice, faces, entry, target } = options;
  const key = raceKey(options);
  let solver = raceSolvers.get(key);
  if (solver === undefined) {
    const cheap =
      target / UNIT <= RACE_TABLE_MAX_UNITS && outcomesFor(options)[dice]!.length <= RACE_TABLE_MAX_OUTCOMES;
    const shipped = DEFAULT_RACE_TABLE.setting;
    const isDefault =
      dice === shipped.dice &&
      faces === shipped.faces &&
      entry === shipped.entry &&
      target === shipped.target;
    if (isDefault) solver = buildRaceSolver(options, loadRaceTable(DEFAULT_RACE_TABLE));
    else solver = cheap ? buildRaceSolver(options) : null;
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
  const solver = raceSolverFor(state.options);
  let roll: boolean;
  if (state.finalRound) roll = playForTheWin(state, (score) => finalChance(state, seat, score));
  else if (solver) roll = raceChoice(state, solver);
  else if (banked + state.turnTotal >= state.options.target - ENDGAME_MARGIN)
    roll = playForTheWin(state, (score) => triggerChance(state, seat, score));
  else roll = pointsTable(state.options).roll[state.turnTotal / UNIT]![state.diceInCup] === 1;
  return roll ? { type: 'roll' } : { type: 'stop' };
}
