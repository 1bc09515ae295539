/**
 * Hare & Tortoise's win story: each runner's chance to win (to finish first) after every round, by play-outs
 * of the novice computer (win/playouts.ts) bounded in time, and each runner's luck with the hare cards or die
 * (win/luck.ts). The state keeps every runner's square and carrots (history) and lettuces (lettuceHistory)
 * after each round, and its actions (actionLog) for the luck.
 */
import { runPasses } from '../../draw/win-passes';
import type { StoryTurn, WinStory } from '../../draw/win-story';
import type { Language } from '../../../i18n/index';
import type { GameState } from '../rules/index';
import { hareWords } from '../hare-words';
import { hareLuck } from './luck';
import { playOutRace, roundStart } from './playouts';

/**
 * The play-outs wanted from every round: a play-out's cost grows with the rounds left, so a game of R rounds
 * costs about PLAYOUT_WORK / R² passes × R² / 2 rounds, whatever its length. A fixed count keeps the same
 * game's summary the same every time it is drawn; the time bound only cuts it short on a busy machine.
 */
export const PLAYOUT_WORK = 40_000;
export const MIN_PASSES = 6;
export const MAX_PASSES = 200;
/**
 * No pass of play-outs begins after this: a safety net for a busy machine (the wanted passes take about a
 * second on a quiet one), so that the summary is still posted within 3 s of the last move.
 */
export const TIME_BOUND_MS = 1800;

export function playoutPasses(points: number): number {
  const fits = Math.round(PLAYOUT_WORK / Math.max(1, points) ** 2);
  return Math.max(MIN_PASSES, Math.min(MAX_PASSES, fits));
}

/**
 * The 95% margin, in percentage points, of a chance estimated from `passes` play-outs, at its widest (a chance of
 * one half): 1.96 standard errors. Few play-outs make a runner's line jump; the summary says by how much it may.
 */
export function margin95(passes: number): number {
  return Math.round((1.96 * 50) / Math.sqrt(Math.max(1, passes)));
}

export interface StoryBudget {
  timeMs?: number;
  now?: () => number;
}

/** Each round is told as the move of the runner whose chance it moved most. */
function roundTurns(state: GameState, chances: readonly number[][], language?: Language): StoryTurn[] {
  const { t } = hareWords(language);
  return chances.slice(1).map((after, i) => {
    const before = chances[i]!;
    let seat = 0;
    after.forEach((chance, index) => {
      if (Math.abs(chance - before[index]!) > Math.abs(after[seat]! - before[seat]!)) seat = index;
    });
    return { seat, what: t('story.move'), when: t('story.round', { turn: state.history[i + 1]!.turn }) };
  });
}

/** The story, or null for a game stored before the state kept lettuces. */
export function hareStory(state: GameState, budget: StoryBudget = {}, language?: Language): WinStory | null {
  const points = state.history;
  const lettuces = state.lettuceHistory;
  if (!lettuces || lettuces.length !== points.length) return null;
  const seats = state.seats.length;
  const last = points.length - 1;
  // the last point of a finished game is its result: the winner, or nobody when the turn limit came first
  const result = state.seats.map((_, index) => (index === (state.finishOrder[0] ?? -1) ? 1 : 0));
  const starts = points.map((point, i) =>
    i === last && state.over ? null : roundStart(state, point, lettuces[i]!),
  );
  const wins = points.map(() => new Array<number>(seats).fill(0));
  const wanted = playoutPasses(points.length);
  const passes = runPasses(
    { passes: wanted, timeMs: budget.timeMs ?? TIME_BOUND_MS, ...(budget.now ? { now: budget.now } : {}) },
    (game) =>
      starts.forEach((start, i) => {
        if (!start) return;
        const winner = playOutRace(start, game);
        if (winner !== null) wins[i]![winner]! += 1;
      }),
  );
  const chances = starts.map((start, i) => (start ? wins[i]!.map((count) => count / passes) : result));
  return {
    chances,
    // one estimate a round (every runner has moved once), as the chart's axis counts them
    per: 'round',
    turns: roundTurns(state, chances, language),
    method: hareWords(language).t('story.method', { passes, margin: margin95(passes) }),
    luck: hareLuck(state),
    givenAway: null,
  };
}
