/**
 * Hedgehogs' win story: each seat's chance to win after every movement turn, estimated by play-outs
 * (win/playouts.ts) from every board the game went through (rebuilt from the move log).
 */
import { seedRng } from '../../kit/random';
import { swingsOnOwnTurns, type StoryTurn, type WinStory } from '../../draw/win-story';
import { replayMoveLog } from '../rules/move-log';
import { playOutBoard, type Board } from './playouts';
import type { GameState } from '../rules/types';

/** The worker time the play-outs of one summary may take: the play-outs a turn follow from it. */
export const PLAYOUT_BUDGET_MS = 1000;
export const MIN_PLAYOUTS = 10;
export const MAX_PLAYOUTS = 300;
const TRIAL_PLAYOUTS = 20;

interface Start {
  board: Board;
  first: number;
  roundsLeft: number | null;
}

function chancesFrom(start: Start, games: number, point: number): number[] {
  const rng = seedRng(`win-story:${point}`);
  const wins = new Array<number>(start.board.seats).fill(0);
  for (let game = 0; game < games; game++) {
    const winner = playOutBoard(start.board, start.first, start.roundsLeft, rng);
    if (winner !== null) wins[winner]! += 1 / games;
  }
  return wins;
}

/**
 * Each turn's chances, with as many play-outs as the time left allows (measured as they go: the early boards,
 * with the most of the game ahead, cost the most), between MIN_PLAYOUTS and MAX_PLAYOUTS a turn.
 */
function budgetedChances(starts: readonly Start[], budgetMs: number): { chances: number[][]; mean: number } {
  const started = performance.now();
  let played = 0;
  const chances = starts.map((start, i) => {
    const elapsed = performance.now() - started;
    const each = played ? elapsed / played : Infinity;
    const fits = Math.floor((budgetMs - elapsed) / (each * (starts.length - i)));
    const games = played ? Math.max(MIN_PLAYOUTS, Math.min(MAX_PLAYOUTS, fits)) : TRIAL_PLAYOUTS;
    played += games;
    return chancesFrom(start, games, i);
  });
  return { chances, mean: Math.round(played / starts.length) };
}

export function hedgehogsStory(state: GameState, budgetMs = PLAYOUT_BUDGET_MS): WinStory | null {
  if (!state.moveLog) return null;
  const logged = replayMoveLog(state.moveLog);
  if (!logged.length) return null;
  const turns: StoryTurn[] = [];
  const limit = state.options.turnLimit;
  const starts: Start[] = logged.map(({ seat, stacks }, i) => {
    const round = Math.floor(i / state.seats) + 1;
    if (i > 0) turns.push({ seat, what: 'turn', when: `round ${round}` });
    const board = { stacks, obstacles: state.obstacles, seats: state.seats };
    const first = (seat + 1) % state.seats;
    // complete rounds played before the next turn: i turns after the placements
    const roundsLeft = limit === null ? null : limit - Math.floor(i / state.seats);
    return { board, first, roundsLeft };
  });
  const { chances, mean } = budgetedChances(starts, budgetMs);
  // the winning move ends the game without ending the turn: the last point is the end
  if (state.phase === 'over' && state.winner !== null) {
    turns.push({ seat: state.winner, what: 'turn', when: `round ${state.round + 1}` });
    chances.push(endShares(state));
  } else if (state.phase === 'over') chances[chances.length - 1] = new Array<number>(state.seats).fill(0);
  return {
    chances,
    turns,
    method: `Chances estimated by about ${mean} play-outs a turn of a simple player.`,
    luck: swingsOnOwnTurns(chances, turns),
    givenAway: null,
  };
}

function endShares(state: GameState): number[] {
  return Array.from({ length: state.seats }, (_, seat) => (seat === state.winner ? 1 : 0));
}
