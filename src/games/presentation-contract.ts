/**
 * The presentation part of the game-module contract (src/games/contract.ts): what players read and press: texts,
 * controls, play and tool commands, the catalogue of words and the images. Pure data and functions.
 */
import type { Catalogue, Language } from '../i18n/index';
import type { OptionSpec } from './rules-contract';

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

/** What a module declares of how it is shown: title, words, controls, commands and images. */
export interface GamePresentation<State, Action, Event> {
  title: string;
  /** Decoration before the title in messages (never the only carrier of meaning). */
  emoji?: string;
  /** The embed colour of the game's messages (0xRRGGBB). */
  color?: number;
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
