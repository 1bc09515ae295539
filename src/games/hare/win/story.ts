/**
 * Hare & Tortoise's win story: each runner's chance to win (to finish first) after every round, from the
 * advanced computer's own forecast rather than play-outs (a play-out with the intermediate or advanced
 * computer takes about half a second, and the novice's random races say little): each runner's expected
 * rounds to the finish from its square, carrots and lettuces (its solitaire table), stretched by the pace
 * of a real race and spread out by an uncertainty that grows with the distance, exactly as the advanced
 * player forecasts its rivals (computer/forecast.ts). The runners then finish independently, in seat order
 * within a round. The state keeps every runner's square and carrots (history) and lettuces (lettuceHistory)
 * after each round.
 */
import { DEFAULT_TUNING } from '../computer/forecast';
import { middlingTable, seatRounds } from '../computer/outlook';
import { FINISH } from '../computer/board-facts';
import type { GameState, HistoryPoint } from '../rules/index';
import type { StoryTurn, WinStory } from '../../draw/win-story';

/** Moves looked ahead: past this a runner's chance not to have finished is negligible. */
const HORIZON = 200;

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The state at the start of the round after `point`: runners where the point has them, the first to play. */
function stateAt(state: GameState, point: HistoryPoint, lettuces: readonly number[]): GameState {
  const finished = state.finishOrder.filter((seat) => point.positions[seat] === FINISH);
  return {
    ...state,
    over: false,
    pending: null,
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

/** Each runner's chance to finish first from the start of a round of `state`. */
export function chancesAt(state: GameState): number[] {
  const count = state.seats.length;
  const first = state.seats.findIndex((seat) => seat.place === 1);
  if (first >= 0) return state.seats.map((_, index) => (index === first ? 1 : 0));
  const table = middlingTable(state);
  const tuning = DEFAULT_TUNING;
  // finishedBy[i](m): the chance that runner i has finished by its move m (0: its next move)
  const finishedBy = state.seats.map((_, index) => {
    const rounds = seatRounds(state, index, table);
    const expected = Math.max(0, tuning.pace * rounds - 1);
    const scale = 0.55 * (tuning.finishSpreadBase + tuning.finishSpreadSlope * rounds);
    return (move: number) => (move < 0 ? 0 : 1 - logistic((expected + 0.5 - move) / scale));
  });
  const chances = state.seats.map((_, me) => {
    let chance = 0;
    for (let move = 0; move <= HORIZON; move++) {
      let nobodyBefore = 1;
      for (let other = 0; other < count; other++) {
        if (other === me) continue;
        nobodyBefore *= 1 - finishedBy[other]!(other < me ? move : move - 1);
      }
      chance += (finishedBy[me]!(move) - finishedBy[me]!(move - 1)) * nobodyBefore;
    }
    return chance;
  });
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  return chances.map((chance) => chance / total);
}

/**
 * The story, or null for a game stored before the state kept lettuces. The history is per round: each
 * round is told as the move of the runner whose chance it moved most.
 */
export function hareStory(state: GameState): WinStory | null {
  const points = state.history;
  const lettuces = state.lettuceHistory;
  if (!lettuces || lettuces.length !== points.length) return null;
  const chances = points.map((point, i) => {
    if (i === points.length - 1 && state.over) {
      // nobody finished before the turn limit: nobody won
      const winner = state.finishOrder[0] ?? -1;
      return state.seats.map((_, index) => (index === winner ? 1 : 0));
    }
    return chancesAt(stateAt(state, point, lettuces[i]!));
  });
  const turns: StoryTurn[] = chances.slice(1).map((after, i) => {
    const before = chances[i]!;
    let seat = 0;
    after.forEach((chance, index) => {
      if (Math.abs(chance - before[index]!) > Math.abs(after[seat]! - before[seat]!)) seat = index;
    });
    return { seat, what: 'move', when: `round ${points[i + 1]!.turn}` };
  });
  return {
    chances,
    turns,
    method: "Chances from the advanced computer's forecast of every runner.",
    luck: null,
    givenAway: null,
  };
}
