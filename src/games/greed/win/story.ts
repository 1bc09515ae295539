/**
 * Greed's win story: each seat's chance to win after every turn, from the banked scores the state keeps per
 * turn. Two players: exact, from the expert's race table (before the final round) and its exact final round.
 * More players, or options whose table is not at hand (only the default options' ships; building another takes
 * seconds): estimated by play-outs of steady players.
 */
import { readyRaceSolver } from '../computer/expert';
import { FinalRound, SAFE_LEAD_UNITS } from '../computer/final-round';
import { UNIT } from '../computer/turn-values';
import type { GameState } from '../rules/types';
import { seedRng } from '../../kit/random';
import { swingsOnOwnTurns, type StoryTurn, type WinStory } from '../../draw/win-story';
import { chanceGivenAway } from './choices';
import { playOut } from './playouts';
import type { Language, Translate } from '../../../i18n/index';
import { greedWords } from '../greed-words';

/** Play-outs per turn when the chances are estimated: about 0.1 s a 100-turn game per 100 play-outs. */
export const PLAYOUTS_PER_TURN = 300;

/** Every seat's banked score after the first `turns` turns of the game. */
function scoresAfter(state: GameState, turns: number): number[] {
  return state.history.map((banked, seat) => {
    const played = Math.floor(turns / state.seats) + (seat < turns % state.seats ? 1 : 0);
    return played === 0 ? 0 : banked[played - 1]!;
  });
}

function storyTurns(state: GameState, count: number, t: Translate): StoryTurn[] {
  return Array.from({ length: count }, (_, i) => {
    const seat = i % state.seats;
    const index = Math.floor(i / state.seats);
    const gained = state.history[seat]![index]! - (index > 0 ? state.history[seat]![index - 1]! : 0);
    const what = gained > 0 ? t('story.banked', { points: gained }) : t('story.bust');
    return { seat, what, when: t('story.round', { round: index + 1 }) };
  });
}

/** The shares of the game's end: the top score wins, a tie of k seats gives each 1/k. */
function endShares(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  const winners = scores.filter((score) => score === best).length;
  return scores.map((score) => (score === best ? 1 / winners : 0));
}

/** Two players, exact: the race table before the final round, the exact last turn in it. */
function exactChances(state: GameState, scores: number[], next: number): number[] | null {
  const { target } = state.options;
  if (scores.some((score) => score >= target)) {
    // the final round: seat 0 reached the target, seat 1 plays the last turn
    const ceiling = Math.max(...scores) / UNIT + SAFE_LEAD_UNITS;
    const first = new FinalRound(state.options, scores, ceiling).shareOf(1, scores[0]!, -1, 0);
    return [first, 1 - first];
  }
  const solver = readyRaceSolver(state.options);
  if (!solver) return null;
  const { size, start } = solver.table;
  const a = scores[next]! / UNIT;
  const b = scores[1 - next]! / UNIT;
  const chance = start[next]![a * size + b]!;
  return next === 0 ? [chance, 1 - chance] : [1 - chance, chance];
}

export function greedStory(state: GameState, language?: Language): WinStory {
  const t = greedWords(language);
  const turnsPlayed = state.history.reduce((sum, turns) => sum + turns.length, 0);

  const twoPlayers = state.seats === 2 && state.options.turnLimit === null;
  let estimated = false;
  // each seat's own dice in every play-out, the same from every point (common random numbers): neighbouring
  // points' estimates err alike, so the change from one turn to the next, which the luck and the turning point
  // read, is far less noisy than the chances themselves
  const streams = Array.from({ length: PLAYOUTS_PER_TURN }, (_, game) =>
    Array.from({ length: state.seats }, (_, seat) => seedRng(`win-story:${game}:${seat}`)),
  );
  const chances: number[][] = [];
  for (let t = 0; t <= turnsPlayed; t++) {
    const scores = scoresAfter(state, t);
    const next = t % state.seats;
    const finalRound = scores.some((score) => score >= state.options.target);
    if (t === turnsPlayed && state.over) {
      chances.push(endShares(scores));
      continue;
    }
    const exact = twoPlayers ? exactChances(state, scores, next) : null;
    if (exact) chances.push(exact);
    else {
      estimated = true;
      const start = { scores, next, rounds: Math.floor(t / state.seats), finalRound };
      chances.push(playOut(state.options, start, streams));
    }
  }
  const turns = storyTurns(state, turnsPlayed, t);
  const givenAway = chanceGivenAway(state);
  const swings = swingsOnOwnTurns(chances, turns);
  return {
    chances,
    turns,
    method: estimated ? t('story.estimated', { playouts: PLAYOUTS_PER_TURN }) : t('story.exact'),
    // a turn's swing is its luck less what its choices gave away
    luck: swings.map((swing, seat) => swing + (givenAway?.[seat] ?? 0)),
    givenAway,
  };
}
