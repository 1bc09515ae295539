import type { GameRng } from '../../kit/random';
import type { Card } from './cards';

export type Action = { type: 'draw' };

export interface CandyOptions {
  /** Rounds after which the game stops with no winner; absent, null or 0: none. */
  turnLimit: number | null;
}

export interface LastDraw {
  seat: number;
  card: Card;
  from: number;
  to: number;
}

/** Per-seat tallies for the summary. */
export interface SeatTally {
  cardsDrawn: number;
  shortcuts: number;
  licorice: number;
  sentBack: number;
}

export interface GameState {
  seats: number;
  positions: number[];
  loseTurn: boolean[];
  /** The seat to draw next (meaningless once over). */
  current: number;
  /** Complete rounds. */
  round: number;
  draws: number;
  /** Card codes; the top of the pile is the last element. */
  drawPile: number[];
  discard: number[];
  rng: GameRng;
  turnLimit: number | null;
  over: boolean;
  winner: number | null;
  lastDraw: LastDraw | null;
  /** progress[r]: every pawn's position after r complete rounds; a last entry for a game won mid-round. */
  progress: number[][];
  tallies: SeatTally[];
}

export type GameEvent =
  | { type: 'draw'; seat: number; card: Card; from: number; landing: number }
  | { type: 'shortcut'; seat: number; name: string; from: number; to: number }
  | { type: 'licorice'; seat: number; space: number }
  | { type: 'lostTurn'; seat: number }
  | { type: 'reshuffle'; cards: number }
  | { type: 'win'; seat: number }
  | { type: 'turnLimit'; rounds: number };

export interface Observation {
  seat: number | null;
  positions: number[];
  loseTurn: boolean[];
  lastDraw: LastDraw | null;
  round: number;
  draws: number;
  over: boolean;
  places: number[] | null;
}
