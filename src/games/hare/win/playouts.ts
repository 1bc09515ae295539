/**
 * Play-outs of Hare & Tortoise for the summary's chances: the race from the start of a round to its first
 * finisher, every runner played by the novice computer (the intermediate and advanced players take about half
 * a second a game, which a summary could not afford a round's worth of play-outs of). Play-out g deals its own
 * deck and makes its own random choices, the same from every round (common random numbers).
 */
import { chooseAction } from '../computer/index';
import { FINISH } from '../computer/board-facts';
import { createDeck } from '../rules/hare-cards';
import {
  applyAction,
  forfeitTurn,
  legalActions,
  seedRng,
  type GameState,
  type HistoryPoint,
} from '../rules/index';

/** Actions in one play-out at most (a novice race to its first finisher takes a few hundred). */
const MAX_ACTIONS = 5000;

/** The state at the start of the round after `point`, without the game's logs (a play-out keeps none). */
export function roundStart(state: GameState, point: HistoryPoint, lettuces: readonly number[]): GameState {
  const finished = state.finishOrder.filter((seat) => point.positions[seat] === FINISH);
  const { lettuceHistory: _lettuces, actionLog: _log, ...bare } = state;
  return {
    ...bare,
    over: false,
    pending: null,
    turn: point.turn + 1,
    history: [],
    current: point.positions.findIndex((position) => position !== FINISH),
    finishOrder: finished,
    seats: state.seats.map((seat, index) => ({
      ...seat,
      position: point.positions[index]!,
      carrots: point.carrots[index]!,
      lettuces: lettuces[index]!,
      place: finished.includes(index) ? finished.indexOf(index) + 1 : null,
      missTurns: 0,
      ateHere: false,
    })),
  };
}

/** The first to finish in play-out `game` from `start`; null when the turn limit comes first. */
export function playOutRace(start: GameState, game: number): number | null {
  if (start.finishOrder.length) return start.finishOrder[0]!;
  let state: GameState = { ...start, rng: seedRng(`win-story:${game}`) };
  if (state.rules === 'standard') state.deck = createDeck(state);
  const choices = seedRng(`win-story:${game}:novice`);
  for (let actions = 0; actions < MAX_ACTIONS && !state.over; actions++) {
    // a round's start is taken before its first runner's automatic steps (a payout, the restart of a runner
    // with no move): a runner left with no move there passes its turn
    state = legalActions(state).length
      ? applyAction(state, chooseAction(state, 'novice', choices)).state
      : forfeitTurn(state).state;
    if (state.finishOrder.length) return state.finishOrder[0]!;
  }
  return null;
}
