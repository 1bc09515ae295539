import type { GameRng, GeneratorVersion } from '../../kit/random';

export type RulesName = 'standard' | 'classic';

export type HareCard =
  | 'players-behind'
  | 'lettuce-bonus'
  | 'restore-65'
  | 'lose-half'
  | 'free-ride'
  | 'show-carrots'
  | 'give-10'
  | 'shuffle';

export type HareRollResult =
  | 'miss-turn'
  | 'back-to-carrot'
  | 'forward-to-carrot'
  | 'drop-back'
  | 'move-up'
  | 'chew-carrot'
  | 'chew-lettuce'
  | 'last-turn-free'
  | 'move-again';

/** What landing on a hare square did to the turn. */
export interface HareOutcome {
  playAgain: boolean;
}

export type Action =
  { type: 'move'; to: number } | { type: 'eat' } | { type: 'carrots'; amount: 10 | -10 } | { type: 'skip' };

export interface SeatStats {
  turns: number;
  carrotsSpent: number;
  carrotsEarned: number;
  lettucesEaten: number;
  hareResults: number;
  missedTurns: number;
  restarts: number;
}

export interface SeatState {
  position: number;
  carrots: number;
  lettuces: number;
  /** Finishing place once placed (1 = winner), else null. */
  place: number | null;
  /** Turns this seat must still miss. */
  missTurns: number;
  /** Has eaten a lettuce during its current stay on a lettuce square. */
  ateHere: boolean;
  stats: SeatStats;
}

/** Every seat's position and carrots at the end of a turn (a round), for the summary chart. */
export interface HistoryPoint {
  turn: number;
  positions: number[];
  carrots: number[];
}

/** A decision the seat to act must take before anything else (classic "chew a carrot"). */
export type Pending = 'chew-carrot' | null;

export interface GameState {
  format: 1;
  rules: RulesName;
  seats: SeatState[];
  /** Index of the seat to act. */
  current: number;
  over: boolean;
  /** The turn (round) number, from 1; every unfinished seat acts once per turn. */
  turn: number;
  turnLimit: number | null;
  pending: Pending;
  /** Standard rules: the hare deck, top card first. Empty under the classic rules. */
  deck: HareCard[];
  rng: GameRng;
  /** Seat indices in the order they finished. */
  finishOrder: number[];
  history: HistoryPoint[];
  /**
   * Every seat's lettuces still to eat at each history point (for the summary's chances to win). Absent in
   * games stored before it was kept (a field added later: see GameModule.laterStateFields).
   */
  lettuceHistory?: number[][];
  /**
   * The random stream as the game began (before the deck's shuffle) and every action (rules/action-log.ts),
   * for the summary's luck. Absent in games stored before it was kept (a later state field).
   */
  actionLog?: { startRng: GameRng; actions: number[] };
}

export type GameEvent =
  | {
      type: 'move';
      seat: number;
      from: number;
      to: number;
      cost: number;
      carrotsBefore: number;
      carrotsAfter: number;
    }
  | {
      type: 'move-back';
      seat: number;
      from: number;
      to: number;
      gain: number;
      carrotsBefore: number;
      carrotsAfter: number;
    }
  | {
      type: 'eat';
      seat: number;
      square: number;
      rank: number;
      gain: number;
      lettucesAfter: number;
      carrotsBefore: number;
      carrotsAfter: number;
    }
  | {
      type: 'carrots';
      seat: number;
      amount: 10 | -10;
      reason: 'square' | 'chew';
      carrotsBefore: number;
      carrotsAfter: number;
    }
  | { type: 'skip'; seat: number; square: number }
  | { type: 'miss-turn'; seat: number; square: number }
  | { type: 'forfeit'; seat: number }
  | {
      type: 'number-payout';
      seat: number;
      square: number;
      rank: number;
      gain: number;
      carrotsBefore: number;
      carrotsAfter: number;
    }
  | {
      type: 'hare-card';
      seat: number;
      square: number;
      card: HareCard;
      /** What the card did, in words (e.g. "misses the next turn", "plays again"). */
      effect: string;
      carrotsBefore: number;
      carrotsAfter: number;
      missNextTurn: boolean;
      playAgain: boolean;
      /** Carrots given to (positive) or received from (negative) other seats, by seat index. */
      transfers: { seat: number; amount: number }[];
    }
  | {
      type: 'hare-roll';
      seat: number;
      square: number;
      roll: number;
      rank: number;
      result: HareRollResult;
      effect: string;
      from: number;
      to: number;
      carrotsBefore: number;
      carrotsAfter: number;
      lettucesAfter: number;
    }
  | { type: 'restart'; seat: number; from: number; carrotsBefore: number; carrotsAfter: number }
  | { type: 'finish'; seat: number; place: number; carrots: number }
  | { type: 'play-again'; seat: number }
  | { type: 'turn-limit'; turn: number }
  | { type: 'game-over'; places: (number | null)[] };

export interface CreateGameOptions {
  rules: RulesName;
  seats: number;
  seed: string;
  turnLimit?: number;
  /** The generator of the dice and cards (kit/random); 1 when not given. */
  generator?: GeneratorVersion;
}
