/**
 * The game-module contract: everything the platform's core (store, service, workers, bot, sandbox) knows of a
 * game. A module lives in src/games/<key>/ and is listed in src/games/index.ts; the core imports nothing else
 * of it. Everything here is plain data or pure functions: no Discord, no clock, no I/O.
 *
 * Shapes learnt from boardgame.io's Game object (setup / moves / endIf), OpenSpiel's State (current player,
 * legal actions, apply, returns, observation) and chessops' variants (one interface, several rule sets).
 */
import type { Catalogue, Language } from '../i18n/index';
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

/** A control under the board, as data; the bot turns it into Discord components (within Discord's limits). */
export type Control<Action> =
  | {
      kind: 'button';
      label: string;
      style: 'primary' | 'secondary' | 'success' | 'danger';
      action: Action;
      disabled?: boolean;
    }
  | {
      kind: 'select';
      placeholder: string;
      /** At most 25 options, labels ≤ 100 characters, every action distinct. */
      options: readonly { label: string; description?: string; action: Action }[];
    };

export interface GameControls<State, Action> {
  /**
   * Rows of controls for the seat to act (at most 4 rows: the core keeps one for itself); a row holds up to
   * 5 buttons or exactly one select menu. An empty list: no controls (e.g. while waiting for a computer).
   */
  rows(state: State, seat: number, language?: Language): Control<Action>[][];
  /**
   * Whether the seat to act's rows would tell the table one of its secrets (`state` is the seat's own view):
   * e.g. Hare's costs, which give away the mover's carrots. When true, the public board shows only a **Choose
   * your move** button, which opens the rows in a private reply for that seat alone. Absent: always public.
   */
  privateFor?(state: State, seat: number): boolean;
  /** An action as a short token (≤ 40 characters, no ":"), for component custom ids. */
  encode(action: Action): string;
  /** The inverse of `encode`: decode(encode(a)) equals a for every legal action; null for a bad token. */
  decode(token: string): Action | null;
}

/** The values a player gave a slash command, by option name. */
export type CommandValues = Readonly<Record<string, string | number | boolean | undefined>>;

/** A play subcommand: `/hare move`, `/greed roll`, `/hedgehogs place` … */
export interface PlayCommand<State, Action> {
  name: string;
  description: string;
  options: readonly OptionSpec[];
  /** The action the player means, or a refusal for them (shown privately). */
  toAction(
    values: CommandValues,
    state: State,
    seat: number,
    language?: Language,
  ): Action | { error: string };
  /**
   * Whether the seat can use the command now (the turn mention names only these). Absent: always.
   */
  available?(state: State, seat: number): boolean;
  /** Choices for an option with autocomplete (at most 25). */
  autocomplete?(
    option: string,
    typed: string,
    state: State,
    seat: number,
    language?: Language,
  ): { name: string; value: string | number }[];
}

/** A command that is not a move (e.g. `/candyland simulate`): it answers with text and perhaps an image. */
export interface ToolCommand {
  name: string;
  description: string;
  options: readonly OptionSpec[];
  /** Work that may take a while: the bot defers the reply first. Returns the answer's text and image request. */
  run(values: CommandValues, language?: Language): { text: string; image: unknown | null };
}

/** How the texts see the players. */
export interface TextContext {
  /** Display names by seat. */
  names: readonly string[];
  /** The seat reading (its secrets may be shown), or null for everyone. */
  viewerSeat: number | null;
  /** Show every secret (e.g. the log of a finished game). */
  reveal?: boolean;
  /** The language to write in (absent: English). */
  language?: Language;
}

/** A labelled figure of one seat in the summary and the stats (e.g. "Busts", 3). */
export interface Figure {
  /** The label after a value other than 1 ("turns", "lettuces eaten"). */
  label: string;
  /** The label after the value 1 ("turn"); default: `label`. */
  singular?: string;
  value: string | number;
  /**
   * What the figure counts, in a few words, where its label alone leaves a player guessing ("hare cards drawn on
   * hare squares"). The summary message explains it once, under the figures.
   */
  note?: string;
}

export interface GameTexts<State, Action, Event> {
  /** One log line for an event (public unless ctx.viewerSeat owns its secrets), or null to leave it out. */
  describeEvent(event: Event, state: State, ctx: TextContext): string | null;
  /** A short label for an action, e.g. "Move to 12", "Roll", "Place in row 3". */
  actionLabel(action: Action, state: State, language?: Language): string;
  /**
   * The rules a player reads with `/<key> rules` (Markdown, ≤ 3,800 characters); a function when they depend
   * on the game's options (given by engine name; empty when no game is open).
   */
  rules: string | ((options: Readonly<Record<string, string | number>>, language?: Language) => string);
  /**
   * The reason of the rules' IllegalActionError `code` in `language` (the clause after "Not allowed: "), or null
   * to show the error's own (English) message. Absent: the message.
   */
  refusal?(code: string, language?: Language): string | null;
  /** Status lines of a running game, for `/<key> status`. */
  status(state: State, ctx: TextContext): string[];
  /** What the seat sees privately with `/<key> hand`. */
  hand(state: State, seat: number, ctx: TextContext): string;
  /** The figures of each seat shown in the summary (the same labels for every seat). */
  figures(state: State, seat: number, language?: Language): Figure[];
  /** A computer level's description, e.g. "greedy: rolls on while its turn is worth less than 400". */
  levelDescription(level: string, language?: Language): string;
  /**
   * What the board and summary images show, for a screen-reader user (the images' alt text): whose turn, every
   * seat's position and score, a finished game's result. Short sentences; the platform adds the game's title,
   * the latest log lines (the last roll or card) and the places, and keeps it within Discord's 1,024 characters.
   * Absent: the `status` lines describe the images.
   */
  describeImage?(state: State, ctx: TextContext): string[];
  /** The board message's title while the game runs (default: "<title> — <name> to play"). */
  boardTitle?(state: State, ctx: TextContext): string;
  /** The game's options in a few words for the lobby (e.g. "standard rules", "5 dice · target 5000"). */
  optionsSummary?(options: Readonly<Record<string, string | number>>, language?: Language): string;
  /**
   * What a seat is called (default "player"): "runner", "pawn" … In another language, the catalogue's
   * `seatNoun` and `seatNounPlural`.
   */
  seatNoun?: string;
  /**
   * A hint in the live board's footer, e.g. "/hare hand shows your carrots and moves" (not on a finished one).
   * In another language, the catalogue's `footerHint`.
   */
  footerHint?: string;
  /**
   * Whether the live board offers a **My hand** button: `hand` privately to the seated player who presses it.
   * Leave it out when `hand` tells nothing the board does not show.
   */
  handButton?: boolean;
}

/** A seat as the images show it. */
export interface SeatView {
  name: string;
  /** 'human' or a computer level. */
  kind: string;
}

export interface BoardImageInput<State, Event> {
  state: State;
  seats: readonly SeatView[];
  /** The events since the image before, oldest first (the renderer may trace them). */
  recentEvents: readonly Event[];
  /** The seat looking at the image (its secrets shown), or null for everyone. */
  viewerSeat: number | null;
  /** The language of every word drawn (absent: English). */
  language?: Language;
}

export interface SummaryImageInput<State> {
  state: State;
  seats: readonly SeatView[];
  /** Set when the game was stopped before its end: who stopped it (no winner is named then). */
  stoppedBy: string | null;
  /**
   * Set with `stoppedBy` when the person who stopped the game held this seat: their forfeit, placed last and the
   * others as they stood (src/service/forfeit.ts). Absent or null: a stop that counts for nobody.
   */
  forfeitSeat?: number | null;
  /** The language of every word drawn (absent: English). */
  language?: Language;
}

/** The images, loaded only in render workers (they pull in the canvas library). Each returns a PNG. */
export interface GameRenderer<State, Event> {
  board(input: BoardImageInput<State, Event>): Uint8Array;
  summary(input: SummaryImageInput<State>): Uint8Array;
  /** The image of a tool command's answer (ToolCommand.run's `image`). */
  tool?(request: unknown): Uint8Array;
}

/** A cell of `GameModule.boardGrid`: a short label, in a seat's colour when the seat owns the cell. */
export interface GridCell {
  label: string;
  seat?: number;
}

/** The seat range of the game in the bot. */
export interface SeatRange {
  min: number;
  max: number;
  default: number;
}

export interface GameModule<
  State = unknown,
  Action = unknown,
  Event = unknown,
  Options = Record<string, unknown>,
> {
  /** The slash command's name and the custom-id prefix: lowercase letters only. */
  key: string;
  title: string;
  /** Decoration before the title in messages (never the only carrier of meaning). */
  emoji?: string;
  /** The embed colour of the game's messages (0xRRGGBB). */
  color?: number;
  /**
   * Top-level state fields added after games were stored, each optional in the state (kept by new games
   * only, e.g. a log the summary reads): a stored state without one still loads, plays on and replays (the
   * replay's check leaves the field out when the stored state has none). Absent: none.
   */
  laterStateFields?: readonly string[];
  seats: SeatRange;
  /** The game's own start options (seats, computer level, speed and turn limit are the platform's: options.ts). */
  options: readonly OptionSpec[];
  /** How many of `options` /start lists before the platform's seats option (default 0: seats first). */
  optionsBeforeSeats?: number;
  /**
   * The turn limit (the platform's `turn-limit` start option, in rounds), counted by the game's rules: `create`
   * gets `options.turnLimit` and the rules end the game themselves (the kit's `checkedTurnLimit` and
   * `turnLimitReached` help); `min` and `max` default to 1 and 500. null: no turn limit.
   */
  turnLimit: { countedBy: 'rules'; min?: number; max?: number } | null;
  rules: GameRules<State, Action, Event, Options>;
  computer: ComputerPlayers<State, Action>;
  texts: GameTexts<State, Action, Event>;
  controls: GameControls<State, Action>;
  commands: readonly PlayCommand<State, Action>[];
  tools?: readonly ToolCommand[];
  /**
   * The game's words in every language (src/games/<key>/locales/<lang>.json, namespace `<key>`): `title`,
   * `seatNoun` and `seatNounPlural`, and under `command` the slash command's localised `name`, its
   * `startOptions.<option>`, `subcommands.<command>` (with `options.<option>`) and `computerLevels.<level>`; an
   * option's words are `name`, `description` and `choices.<value>` (so option names and choice values hold no
   * "." or ":"). The English words say what the specs say. Registration refuses a catalogue that lacks a key
   * the command needs or names something as Discord would not (src/games/module-check.ts). Absent: the
   * command is registered in English only.
   */
  catalogue?: Catalogue;
  /**
   * A human whose only legal action is forced (e.g. Candy Land's draw) has it played after this delay.
   * Absent: a human always acts or waits for the idle timeout.
   */
  autoPlayForcedMs?: number;
  /**
   * Loads the renderer (a dynamic import, so only render workers load the canvas library). Absent: the
   * platform's default board and summary (src/games/draw/default-renderer.ts) draw the game from its texts,
   * standings and `boardGrid`.
   */
  loadRenderer?(): Promise<GameRenderer<State, Event>>;
  /**
   * The board as rows of short cell labels, drawn by the default board and summary (for a module without a
   * renderer): only what every seat may see.
   */
  boardGrid?(state: State): readonly (readonly GridCell[])[];
}

/** A registered module with its types erased, as the core holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any>;
