/**
 * Hedgehogs' win story: each seat's chance to win after every movement turn, estimated by play-outs
 * (win/playouts.ts) from every board the game went through (rebuilt from the move log).
 */
import { seedRng } from '../../kit/random';
import { swingsOnOwnTurns, type StoryTurn, type WinStory } from '../../draw/win-story';
import { replayMoveLog } from '../rules/move-log';
import { playOutBoard, type Board } from './playouts';
import type { GameState } from '../rules/types';

/**
 * The play-outs a turn: a play-out's cost grows with the turns left, so a game of T turns costs about
 * PLAYOUT_WORK / T² play-outs a turn × T²/2 turns each, whatever its length: about 0.7 s on the 2-core
 * development machine under load (`npm run bench:winprob`). A fixed count (not a clock) keeps the same game's
 * summary the same every time it is drawn.
 */
export const PLAYOUT_WORK = 600_000;
export const MIN_PLAYOUTS = 10;
export const MAX_PLAYOUTS = 300;

export function playoutsPerTurn(turns: number): number {
  return Math.max(MIN_PLAYOUTS, Math.min(MAX_PLAYOUTS, Math.round(PLAYOUT_WORK / Math.max(1, turns) ** 2)));
}

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

export function hedgehogsStory(state: GameState): WinStory | null {
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
  const games = playoutsPerTurn(starts.length);
  const chances = starts.map((start, i) => chancesFrom(start, games, i));
  // the winning move ends the game without ending the turn: the last point is the end
  if (state.phase === 'over' && state.winner !== null) {
    turns.push({ seat: state.winner, what: 'turn', when: `round ${state.round + 1}` });
    chances.push(endShares(state));
  } else if (state.phase === 'over') chances[chances.length - 1] = new Array<number>(state.seats).fill(0);
  return {
    chances,
    turns,
    method: `Chances estimated by ${games} play-outs a turn of a simple player.`,
    luck: swingsOnOwnTurns(chances, turns),
    givenAway: null,
  };
}

function endShares(state: GameState): number[] {
  return Array.from({ length: state.seats }, (_, seat) => (seat === state.winner ? 1 : 0));
}
