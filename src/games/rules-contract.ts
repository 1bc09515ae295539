/**
 * The rules part of the game-module contract (src/games/contract.ts): a game's state, actions and events, its
 * start options and seats, its computer players. Pure data and functions: no Discord, no clock, no I/O.
 */
import type { GeneratorVersion, RngState } from './kit/random';

/** A seat's place at the end or at any moment: 1 is best; equal seats share a place. */
export interface Standing {
  seat: number;
  place: number;
}

export interface CreateInput<Options> {
  /** The number of seats (within the module's seat range). */
  seats: number;
  /** Any string: the same seed and the same actions give the same game. */
  seed: string;
  /** The game's options by engine name (e.g. { dice: 5, turnLimit: 30 }); left-out ones take their defaults. */
  options?: Partial<Options>;
  /** The generator the dice and cards come from (kit/random); 1 (sfc32) when not given. */
  generator?: GeneratorVersion;
}

/**
 * The pure rules. States, actions and events are plain JSON (they are stored and sent to workers). `apply` never mutates its input and throws an IllegalActionError (src/games/kit/errors.ts)
 * with a stable code and a readable message for any action `legalActions` does not list.
 */
export interface GameRules<State, Action, Event, Options = Record<string, unknown>> {
  create(input: CreateInput<Options>): State;
  legalActions(state: State): Action[];
  apply(state: State, action: Action): { state: State; events: Event[] };
  /** The seat to act, or null once the game is over. */
  currentSeat(state: State): number | null;
  isOver(state: State): boolean;
  standings(state: State): Standing[];
  /**
   * Whether the game ended at its turn limit before anyone won: the standings then only place the seats, and
   * every message (summary, final board, history, stats) names no winner. Absent: a finished game's first place
   * won it.
   */
  endedByTurnLimit?(state: State): boolean;
  /**
   * What `seat` may see of a running game (null: a spectator, the public board): the state itself with every
   * other seat's secrets and the random stream blanked (future rolls, a deck's order), so that the view tells
   * nothing more than the table does. The core gives texts, images, controls and computer players a view, never
   * the whole state, until the game has ended. A view of a view is the same view; the seat to act's legal actions
   * are the same in its view as in the state.
   */
  observe(state: State, seat: number | null): State;
  /**
   * What `seat` may see of an event of a running game, as `observe` (`state`: the state after the event): e.g.
   * another runner's carrots blanked. Absent: a game's events tell no secret.
   */
  observeEvent?(event: Event, state: State, seat: number | null): Event;
  /**
   * The seat to act loses its turn without acting (the idle policy "skip"), when the game allows it.
   * Absent: the idle policy always plays the turn with a computer player.
   */
  forfeit?(state: State): { state: State; events: Event[] };
}

/** Computer players: pure functions of the state and their own seeded stream. */
export interface ComputerPlayers<State, Action> {
  /** Level names, weakest first (free text, validated by the module; stored with the seat). */
  levels: readonly string[];
  defaultLevel: string;
  /**
   * The action the seat to act takes at `level`; `rng` (advanced in place) is its own stream. The same state
   * and the same stream give the same action. Never an illegal action.
   */
  choose(state: State, level: string, rng: RngState): Action;
}

/** One start option or play-command option; the one spec generates the slash option and its validation. */
export type OptionSpec =
  | {
      type: 'integer';
      /** The slash-command option's name (kebab-case, ≤ 32 characters). */
      name: string;
      /** The engine option it sets (camelCase); absent for options that are not the engine's. */
      key?: string;
      description: string;
      min: number;
      max: number;
      /** Values must be multiples of `step` (default 1). */
      step?: number;
      /** The default; null: the option is off unless given. */
      default: number | null;
      required?: boolean;
      autocomplete?: boolean;
    }
  | {
      type: 'string';
      name: string;
      key?: string;
      description: string;
      choices: readonly { value: string; label: string }[];
      default: string | null;
      required?: boolean;
    }
  | {
      /** A free string (play commands with autocomplete); `maxLength` bounds it. */
      type: 'text';
      name: string;
      description: string;
      maxLength: number;
      required?: boolean;
      autocomplete?: boolean;
    };

/** The seat range of the game in the bot. */
export interface SeatRange {
  min: number;
  max: number;
  default: number;
}

/** What a module declares of its rules: the game itself, with its seats, options, turn limit and computers. */
export interface GameRulesPart<State, Action, Event, Options> {
  /** The slash command's name and the custom-id prefix: lowercase letters only. */
  key: string;
  seats: SeatRange;
  /** The game's own start options (seats, computer level, speed and turn limit are the platform's: options.ts). */
  options: readonly OptionSpec[];
  /**
   * The turn limit (the platform's `turn-limit` start option, in rounds), counted by the game's rules: `create`
   * gets `options.turnLimit` and the rules end the game themselves (the kit's `checkedTurnLimit` and
   * `turnLimitReached` help); `min` and `max` default to 1 and 500. null: no turn limit.
   */
  turnLimit: { countedBy: 'rules'; min?: number; max?: number } | null;
  rules: GameRules<State, Action, Event, Options>;
  computer: ComputerPlayers<State, Action>;
}
