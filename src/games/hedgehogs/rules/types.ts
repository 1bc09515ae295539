/** Hedgehogs in a Hurry: state, actions, events and observation, plain JSON. Rows 1–6, columns 0–8. */
import type { GameRng } from '../../kit/random';

export type ObstacleLayout = 'published' | 'random';

export interface HedgehogOptions {
  obstacles: ObstacleLayout;
  /** Complete movement rounds after which the game ends; null: no limit. */
  turnLimit: number | null;
}

export type Phase = 'place' | 'sidestep' | 'forward' | 'over';

export type Action =
  | { type: 'place'; row: number }
  | { type: 'sidestep'; row: number; col: number; to: number }
  | { type: 'no-sidestep' }
  | { type: 'forward'; row: number; col: number };

export interface Roll {
  seat: number;
  die: number;
}

export interface SeatTally {
  /** Forward moves of another player's hedgehog. */
  movedOthers: number;
  /** Movement turns that began with one or more of the seat's hedgehogs held by an obstacle. */
  heldTurns: number;
  sidesteps: number;
}

export interface GameState {
  seats: number;
  options: HedgehogOptions;
  rng: GameRng;
  /** Obstacle column by row index (row 1 first). */
  obstacles: number[];
  /** stacks[row - 1][col]: seats, bottom to top. */
  stacks: number[][][];
  phase: Phase;
  /** The seat to act (the winner's or the last seat once over). */
  current: number;
  /** Placement turns played. */
  placed: number;
  die: number | null;
  /** Rolls made during the latest apply (or create). */
  rolls: Roll[];
  /** Complete movement rounds. */
  round: number;
  winner: number | null;
  /** progress[r][seat]: the sum of the columns of the seat's hedgehogs after r movement rounds. */
  progress: number[][];
  tallies: SeatTally[];
  /**
   * Every hedgehog moved, in order, for the summary's chances to win (see rules/move-log.ts). Absent in games
   * stored before it was kept: their summary shows no chances.
   */
  moveLog?: number[];
}

export type GameEvent =
  | { type: 'place'; seat: number; row: number }
  | { type: 'roll'; seat: number; die: number }
  | { type: 'noSidestep'; seat: number; possible: boolean }
  | { type: 'sidestep'; seat: number; row: number; col: number; to: number }
  | { type: 'forward'; seat: number; owner: number; row: number; col: number }
  | { type: 'noForward'; seat: number; row: number }
  | { type: 'released'; row: number; col: number }
  | { type: 'goal'; owner: number; count: number }
  | { type: 'win'; seat: number }
  | { type: 'turnLimit'; rounds: number };

export interface Observation {
  phase: Phase;
  seat: number | null;
  die: number | null;
  rolls: Roll[];
  stacks: number[][][];
  obstacles: number[];
  inGoal: number[];
  over: boolean;
  places: number[] | null;
}
