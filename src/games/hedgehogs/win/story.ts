/**
 * Hedgehogs' win story: each seat's chance to win after every round, estimated by play-outs (win/playouts.ts)
 * from the boards the game went through (rebuilt from the move log).
 */
import { seedRng, type RngState } from '../../kit/random';
import type { StoryTurn, WinStory } from '../../draw/win-story';
import { replayMoveLog } from '../rules/move-log';
import { playOutBoard, type Board } from './playouts';
import type { GameState } from '../rules/types';

/**
 * The play-outs a round: a play-out's cost grows with the turns left, so a game of R rounds of S seats costs
 * about PLAYOUT_WORK / (R² S) play-outs a round × R² S / 2 turns each, whatever its length: under a second on
 * the 2-core development machine (`npm run bench:winprob`). A fixed count (not a clock) keeps the same game's
 * summary the same every time it is drawn. The chances are taken once a round, not after every turn: a
 * position's chances need some hundred play-outs to mean anything, which every turn of a long game could not
 * afford.
 */
export const PLAYOUT_WORK = 1_200_000;
export const MIN_PLAYOUTS = 20;
export const MAX_PLAYOUTS = 400;

export function playoutsPerRound(rounds: number, seats: number): number {
  const fits = Math.round(PLAYOUT_WORK / (Math.max(1, rounds) ** 2 * seats));
  return Math.max(MIN_PLAYOUTS, Math.min(MAX_PLAYOUTS, fits));
}

interface Start {
  board: Board;
  first: number;
  roundsLeft: number | null;
}

/**
 * Each seat's own dice in every play-out (common random numbers): play-out g gives seat s the same rolls from
 * every board, so neighbouring boards' estimates err alike and the change from one turn to the next, which the
 * luck and the turning point read, is far less noisy than the chances themselves.
 */
function diceStreams(games: number, seats: number): RngState[][] {
  return Array.from({ length: games }, (_, game) =>
    Array.from({ length: seats }, (_, seat) => seedRng(`win-story:${game}:${seat}`)),
  );
}

function chancesFrom(start: Start, streams: readonly RngState[][]): number[] {
  const wins = new Array<number>(start.board.seats).fill(0);
  for (const dice of streams) {
    const own = dice.map((stream) => [...stream] as RngState);
    const winner = playOutBoard(start.board, start.first, start.roundsLeft, own);
    if (winner !== null) wins[winner]! += 1 / streams.length;
  }
  return wins;
}

/** Each round is told as the turn of the player whose chance it moved most. */
function roundTurns(chances: readonly number[][]): StoryTurn[] {
  return chances.slice(1).map((after, i) => {
    const before = chances[i]!;
    let seat = 0;
    after.forEach((chance, index) => {
      if (Math.abs(chance - before[index]!) > Math.abs(after[seat]! - before[seat]!)) seat = index;
    });
    return { seat, what: 'turn', when: `round ${i + 1}` };
  });
}

export function hedgehogsStory(state: GameState): WinStory | null {
  if (!state.moveLog) return null;
  const logged = replayMoveLog(state.moveLog);
  if (!logged.length) return null;
  const limit = state.options.turnLimit;
  // the board after the placements and after every complete round, the first seat to play next
  const roundEnds = logged.filter((turn, i) => i === 0 || turn.seat === state.seats - 1);
  const starts: Start[] = roundEnds.map(({ stacks }, round) => ({
    board: { stacks, obstacles: state.obstacles, seats: state.seats },
    first: 0,
    roundsLeft: limit === null ? null : limit - round,
  }));
  const games = playoutsPerRound(starts.length, state.seats);
  const streams = diceStreams(games, state.seats);
  const chances = starts.map((start) => chancesFrom(start, streams));
  // the winning move ends the game in its round; a turn limit ends it at a round's end, with no winner
  if (state.phase === 'over' && state.winner !== null) chances.push(endShares(state));
  else if (state.phase === 'over') chances[chances.length - 1] = new Array<number>(state.seats).fill(0);
  return {
    chances,
    per: 'round',
    turns: roundTurns(chances),
    method: `Chances estimated by ${games} play-outs a round of a simple player.`,
    luck: null,
    givenAway: null,
  };
}

function endShares(state: GameState): number[] {
  return Array.from({ length: state.seats }, (_, seat) => (seat === state.winner ? 1 : 0));
}
