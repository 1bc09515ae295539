/** Greed's state, actions, events and observation: plain JSON. */
import type { GameRng } from '../../kit/random';

export interface GreedOptions {
  /** Dice in the cup. */
  dice: number;
  /** Faces per die, numbered 1..faces. */
  faces: number;
  /** The minimum first-roll score of a player who has not entered yet (0: no entry rule). */
  entry: number;
  /** The banked score that starts the final round. */
  target: number;
  /** Complete rounds after which the game ends; null: no limit. */
  turnLimit: number | null;
}

export type Action = { type: 'roll' } | { type: 'stop' };

export interface LastRoll {
  seat: number;
  dice: number[];
  score: number;
  bust: boolean;
}

/** What each seat did, for the summary. */
export interface SeatTally {
  turns: number;
  busts: number;
  bestTurn: number;
  hotDice: number;
}

export interface GameState {
  options: GreedOptions;
  seats: number;
  rng: GameRng;
  /** The seat to act (meaningless once over). */
  current: number;
  scores: number[];
  turnTotal: number;
  diceInCup: number;
  /** Whether the seat to act has rolled this turn without busting (then it may stop). */
  rolled: boolean;
  lastRoll: LastRoll | null;
  finalRound: boolean;
  /** Complete rounds played. */
  round: number;
  over: boolean;
  /** Banked score of each seat after each of its turns (the summary's chart). */
  history: number[][];
  tallies: SeatTally[];
  /**
   * Every roll-or-stop choice (after a roll that scored), for the summary's measure of choices against the
   * expert's: turns played before it × 10^6 + turn total / 50 × 100 + dice in the cup × 10 + 1 for a stop.
   * Absent in games stored before it was kept.
   */
  choices?: number[];
}

/** The dice of a roll split by the scoring table. */
export interface ScoredRoll {
  score: number;
  /** The dice that scored, set aside. */
  scoring: number[];
  /** The dice that did not score. */
  free: number[];
}

export type GameEvent =
  | {
      type: 'roll';
      seat: number;
      dice: number[];
      score: number;
      scoring: number[];
      free: number[];
      /** The turn total after this roll (0 when it busts). */
      turnTotal: number;
      /** Dice the next roll would throw. */
      diceInCup: number;
      hotDice: boolean;
    }
  | { type: 'bust'; seat: number; reason: 'nothing' | 'entry'; lost: number; entry: number }
  | { type: 'bank'; seat: number; points: number; score: number; entered: boolean }
  | { type: 'finalRound'; seat: number; score: number }
  | { type: 'end'; reason: 'target' | 'turnLimit'; rounds: number };

export interface Observation {
  seat: number | null;
  scores: number[];
  entered: boolean[];
  turnTotal: number;
  diceInCup: number;
  lastRoll: LastRoll | null;
  finalRound: boolean;
  over: boolean;
  places: number[] | null;
}
