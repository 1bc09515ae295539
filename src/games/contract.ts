/**
 * The game-module contract: everything the platform's core (store, service, workers, bot, sandbox) knows of a
 * game, in three parts: its rules (rules-contract.ts), its presentation (presentation-contract.ts) and the
 * platform facts below. A module lives in src/games/<key>/ and is listed in src/games/index.ts; the core imports
 * nothing else of it, and a game imports the contract from here. Everything here is plain data or pure functions:
 * no Discord, no clock, no I/O.
 *
 * Shapes learnt from boardgame.io's Game object (setup / moves / endIf), OpenSpiel's State (current player,
 * legal actions, apply, returns, observation) and chessops' variants (one interface, several rule sets).
 */
import type { GamePresentation } from './presentation-contract';
import type { GameRulesPart } from './rules-contract';

export * from './rules-contract';
export * from './presentation-contract';

/** What a module declares for the platform around the game: stored states, /start's layout, timing. */
export interface GamePlatformFacts {
  /**
   * Top-level state fields added after games were stored, each optional in the state (kept by new games
   * only, e.g. a log the summary reads): a stored state without one still loads, plays on and replays (the
   * replay's check leaves the field out when the stored state has none). Absent: none.
   */
  laterStateFields?: readonly string[];
  /** How many of `options` /start lists before the platform's seats option (default 0: seats first). */
  optionsBeforeSeats?: number;
  /**
   * A human whose only legal action is forced (e.g. Candy Land's draw) has it played after this delay.
   * Absent: a human always acts or waits for the idle timeout.
   */
  autoPlayForcedMs?: number;
}

export interface GameModule<
  State = unknown,
  Action = unknown,
  Event = unknown,
  Options = Record<string, unknown>,
>
  extends
    GameRulesPart<State, Action, Event, Options>,
    GamePresentation<State, Action, Event>,
    GamePlatformFacts {}

/** A registered module with its types erased, as the core holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any>;
