/**
 * How far each player's roll-or-stop choices were from the expert's: at every choice the state kept, the win
 * chance of the better choice less that of the one taken (0 when it agreed), summed per seat. Counted where the
 * expert knows the chances exactly and at once: every choice of a two-player game whose race table is at hand
 * (the shipped one) and every choice in a final round; other games count only their final round.
 */
import { finalRoundChances, readyRaceSolver } from '../computer/expert';
import { PAST_TARGET_UNITS } from '../computer/race-table';
import { UNIT } from '../computer/turn-values';
import type { GameState } from '../rules/types';

interface Choice {
  turnsPlayed: number;
  turnTotal: number;
  diceInCup: number;
  stopped: boolean;
}

function decode(code: number): Choice {
  return {
    turnsPlayed: Math.floor(code / 1e6),
    turnTotal: Math.floor((code % 1e6) / 100) * UNIT,
    diceInCup: Math.floor(code / 10) % 10,
    stopped: code % 10 === 1,
  };
}

/** The state of the choice: the banked scores after the turns played before it, the turn in progress. */
function stateOf(state: GameState, choice: Choice): GameState {
  const scores = state.history.map((banked, seat) => {
    const played =
      Math.floor(choice.turnsPlayed / state.seats) + (seat < choice.turnsPlayed % state.seats ? 1 : 0);
    return played === 0 ? 0 : banked[played - 1]!;
  });
  return {
    ...state,
    scores,
    current: choice.turnsPlayed % state.seats,
    turnTotal: choice.turnTotal,
    diceInCup: choice.diceInCup,
    rolled: true,
    finalRound: scores.some((score) => score >= state.options.target),
    over: false,
  };
}

function chancesOf(at: GameState): { stop: number; roll: number } | null {
  if (at.finalRound) return finalRoundChances(at);
  if (at.seats !== 2) return null;
  const solver = readyRaceSolver(at.options);
  if (!solver) return null;
  const seat = at.current;
  const a = at.scores[seat]! / UNIT;
  const b = at.scores[1 - seat]! / UNIT;
  // a turn played on far past the target is past the table's end
  if (a + at.turnTotal / UNIT >= solver.table.size + PAST_TARGET_UNITS) return null;
  return solver.chances(seat, a, b, at.turnTotal / UNIT, at.diceInCup);
}

/** Per seat, the win chance its choices gave away; null when the state kept no choices. */
export function chanceGivenAway(state: GameState): number[] | null {
  if (!state.choices) return null;
  const given = new Array<number>(state.seats).fill(0);
  for (const code of state.choices) {
    const choice = decode(code);
    const at = stateOf(state, choice);
    const chances = chancesOf(at);
    if (!chances) continue;
    const taken = choice.stopped ? chances.stop : chances.roll;
    given[at.current]! += Math.max(0, Math.max(chances.stop, chances.roll) - taken);
  }
  return given;
}
