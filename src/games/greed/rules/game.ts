/** Greed's rules: create, legal actions, apply, standings and the observation of rules-greed.md. */
import type { CreateInput, Standing } from '../../contract';
import { IllegalActionError } from '../../kit/errors';
import { placesByKey } from '../../kit/places';
import { copyRng, nextInt, seedGameRng } from '../../kit/random';
import { turnLimitReached } from '../../kit/turn-limit';
import { checkSeats, resolveOptions } from './options';
import { scoreRoll } from './scoring';
import { refusalText, type RefusalCode } from '../greed-words';
import type { Action, GameEvent, GameState, GreedOptions, Observation } from './types';

export function createGame(input: CreateInput<GreedOptions>): GameState {
  const seats = checkSeats(input.seats);
  const options = resolveOptions(input.options);
  return {
    options,
    seats,
    rng: seedGameRng(input.seed, input.generator),
    current: 0,
    scores: new Array<number>(seats).fill(0),
    turnTotal: 0,
    diceInCup: options.dice,
    rolled: false,
    lastRoll: null,
    finalRound: false,
    round: 0,
    over: false,
    history: Array.from({ length: seats }, () => []),
    tallies: Array.from({ length: seats }, () => ({ turns: 0, busts: 0, bestTurn: 0, hotDice: 0 })),
    choices: [],
  };
}

export function legalActions(state: GameState): Action[] {
  if (state.over) return [];
  return state.rolled ? [{ type: 'roll' }, { type: 'stop' }] : [{ type: 'roll' }];
}

export function currentSeat(state: GameState): number | null {
  return state.over ? null : state.current;
}

export function hasEntered(state: GameState, seat: number): boolean {
  return (state.scores[seat] ?? 0) > 0;
}

/** Whether the seat's first roll of a turn must still reach the entry score (never without an entry rule). */
export function awaitsEntry(state: GameState, seat: number): boolean {
  return state.options.entry > 0 && !hasEntered(state, seat);
}

function cloneState(state: GameState): GameState {
  return {
    ...state,
    options: { ...state.options },
    rng: copyRng(state.rng),
    scores: [...state.scores],
    lastRoll: state.lastRoll ? { ...state.lastRoll, dice: [...state.lastRoll.dice] } : null,
    history: state.history.map((turns) => [...turns]),
    tallies: state.tallies.map((tally) => ({ ...tally })),
    ...(state.choices ? { choices: [...state.choices] } : {}),
  };
}

/** Ends the seat's turn (banked or bust) and passes to the next seat, ending the game when the rules say. */
function endTurn(state: GameState, events: GameEvent[]): void {
  const seat = state.current;
  const tally = state.tallies[seat]!;
  tally.turns += 1;
  state.history[seat]!.push(state.scores[seat]!);
  if (!state.finalRound && state.scores[seat]! >= state.options.target) {
    state.finalRound = true;
    events.push({ type: 'finalRound', seat, score: state.scores[seat]! });
  }
  state.turnTotal = 0;
  state.rolled = false;
  state.diceInCup = state.options.dice;
  const lastOfRound = seat === state.seats - 1;
  if (lastOfRound) state.round += 1;
  if (lastOfRound && state.finalRound) {
    state.over = true;
    events.push({ type: 'end', reason: 'target', rounds: state.round });
    return;
  }
  if (lastOfRound && turnLimitReached(state.round, state.options.turnLimit)) {
    state.over = true;
    events.push({ type: 'end', reason: 'turnLimit', rounds: state.round });
    return;
  }
  state.current = (seat + 1) % state.seats;
}

function roll(state: GameState, events: GameEvent[]): void {
  const dice = Array.from({ length: state.diceInCup }, () => 1 + nextInt(state.rng, state.options.faces));
  settleRoll(state, dice, events);
}

/** The roll rule once the dice have fallen: bust, or add the score and set the scoring dice aside. */
function settleRoll(state: GameState, dice: number[], events: GameEvent[]): void {
  const seat = state.current;
  const firstRoll = !state.rolled;
  const scored = scoreRoll(dice, state.options.faces);
  const entryBust = firstRoll && !hasEntered(state, seat) && scored.score < state.options.entry;
  const bust = scored.score === 0 || entryBust;
  state.lastRoll = { seat, dice, score: scored.score, bust };
  if (bust) {
    const lost = state.turnTotal;
    events.push({ type: 'roll', seat, dice, ...scored, turnTotal: 0, diceInCup: 0, hotDice: false });
    events.push({
      type: 'bust',
      seat,
      reason: scored.score === 0 ? 'nothing' : 'entry',
      lost,
      entry: state.options.entry,
    });
    state.tallies[seat]!.busts += 1;
    endTurn(state, events);
    return;
  }
  state.turnTotal += scored.score;
  state.rolled = true;
  const free = state.diceInCup - scored.scoring.length;
  const hotDice = free === 0;
  state.diceInCup = hotDice ? state.options.dice : free;
  if (hotDice) state.tallies[seat]!.hotDice += 1;
  events.push({
    type: 'roll',
    seat,
    dice,
    ...scored,
    turnTotal: state.turnTotal,
    diceInCup: state.diceInCup,
    hotDice,
  });
}

function stop(state: GameState, events: GameEvent[]): void {
  const seat = state.current;
  const points = state.turnTotal;
  const entered = !hasEntered(state, seat);
  state.scores[seat] = state.scores[seat]! + points;
  const tally = state.tallies[seat]!;
  tally.bestTurn = Math.max(tally.bestTurn, points);
  events.push({ type: 'bank', seat, points, score: state.scores[seat]!, entered });
  endTurn(state, events);
}

/** A refusal in English, from the catalogue, where each language has it under `refusals.<code>`. */
function refused(code: RefusalCode): IllegalActionError {
  return new IllegalActionError(code, refusalText(code));
}

/** Refusals are clauses without a final stop: players read them after "Not allowed: ". */
function checkAction(state: GameState, action: unknown): Action {
  if (state.over) throw refused('game_over');
  const type = (action as { type?: unknown } | null)?.type;
  if (type === 'roll') return { type: 'roll' };
  if (type === 'stop') {
    if (!state.rolled) throw refused('must_roll');
    return { type: 'stop' };
  }
  throw refused('unknown_action');
}

/** A roll-or-stop choice as the state's `choices` keep it. */
export function choiceCode(state: GameState, action: Action): number {
  const turnsPlayed = state.history.reduce((sum, turns) => sum + turns.length, 0);
  return (
    turnsPlayed * 1e6 + (state.turnTotal / 50) * 100 + state.diceInCup * 10 + (action.type === 'stop' ? 1 : 0)
  );
}

export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const checked = checkAction(state, action);
  const next = cloneState(state);
  const events: GameEvent[] = [];
  if (state.rolled) next.choices?.push(choiceCode(state, checked));
  if (checked.type === 'roll') roll(next, events);
  else stop(next, events);
  return { state: next, events };
}

/**
 * A roll of the seat to act showing `dice` (instead of the generator's): the same rule as `apply` of a roll,
 * for tests and examples that need a particular throw.
 */
export function applyRollOf(
  state: GameState,
  dice: readonly number[],
): { state: GameState; events: GameEvent[] } {
  checkAction(state, { type: 'roll' });
  if (
    dice.length !== state.diceInCup ||
    dice.some((die) => !Number.isInteger(die) || die < 1 || die > state.options.faces)
  )
    throw new RangeError(`a roll here is ${state.diceInCup} dice of 1 to ${state.options.faces}`);
  const next = cloneState(state);
  const events: GameEvent[] = [];
  if (state.rolled) next.choices?.push(choiceCode(state, { type: 'roll' }));
  settleRoll(next, [...dice], events);
  return { state: next, events };
}

export function places(state: GameState): number[] {
  return placesByKey(state.scores);
}

export function standings(state: GameState): Standing[] {
  return places(state).map((place, seat) => ({ seat, place }));
}

export function observe(state: GameState): Observation {
  return {
    seat: currentSeat(state),
    scores: [...state.scores],
    entered: state.scores.map((score) => score > 0),
    turnTotal: state.turnTotal,
    diceInCup: state.diceInCup,
    lastRoll: state.lastRoll ? { ...state.lastRoll, dice: [...state.lastRoll.dice] } : null,
    finalRound: state.finalRound,
    over: state.over,
    places: state.over ? places(state) : null,
  };
}
