/**
 * The players' protocol (docs/players-protocol.md): JSON messages, one per line, between the host (the arena,
 * later the bot) and an outside program that plays one seat. The transport carries lines; this file knows the
 * messages, the limits and what counts as a valid answer.
 */

export const PROTOCOL_VERSION = 1;

/** A line longer than this (in bytes, without its newline) is refused and costs a strike. */
export const MAX_LINE_BYTES = 1024 * 1024;
export const DEFAULT_MOVE_TIME_MS = 2000;
/** How long a program has, from its start, to say hello. */
export const DEFAULT_HELLO_TIME_MS = 10_000;
/** Strikes after which the seat passes to the built-in player for the rest of the game. */
export const MAX_STRIKES = 3;
/** A name as the tables show it: at most this many characters. */
export const MAX_NAME_LENGTH = 40;

export type StrikeReason = 'late' | 'malformed' | 'illegal';

/** Why a seat passed to the built-in player for the rest of the game. */
export type ReplacedReason = 'strikes' | 'exited' | 'handshake';

export interface HelloMessage {
  type: 'hello';
  protocol: number;
  name: string;
}

export interface WelcomeMessage {
  type: 'welcome';
  protocol: number;
  /** Names the game this program plays in; every later message of that game carries it. */
  table: string;
  game: string;
  rules: Record<string, unknown>;
  seat: number;
  seats: number;
  players: string[];
  timeLimitMs: number;
  maxStrikes: number;
  /** A seed the program may use for its own random choices, so the same arena seed gives the same games. */
  seed: string;
}

export interface MoveRequest {
  type: 'move';
  table: string;
  /** Increases with every request of the game; the answer echoes it. */
  id: number;
  game: string;
  rules: Record<string, unknown>;
  seat: number;
  /** Exactly `rules.observe(state, seat)`. */
  state: unknown;
  legal: unknown[];
  timeLeftMs: number;
}

export interface StrikeMessage {
  type: 'strike';
  table: string;
  id: number;
  reason: StrikeReason;
  message: string;
  strikes: number;
  maxStrikes: number;
  /** The action the built-in player took for this turn instead. */
  played: unknown;
}

export interface NoticeMessage {
  type: 'notice';
  table: string;
  seat: number;
  text: string;
}

export interface EndMessage {
  type: 'end';
  table: string;
  game: string;
  standings: { seat: number; place: number; name: string }[];
  endedByTurnLimit: boolean;
  /** The whole final state (nothing is secret once the game is over). */
  state: unknown;
}

export interface ErrorMessage {
  type: 'error';
  message: string;
}

export type HostMessage =
  WelcomeMessage | MoveRequest | StrikeMessage | NoticeMessage | EndMessage | ErrorMessage;

/** A line read and understood as far as JSON goes. */
export type ParsedLine = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

export function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: 'the line is not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, problem: 'the line is not a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The hello a program sent, or what is wrong with it. */
export function readHello(value: Record<string, unknown>): HelloMessage | { problem: string } {
  if (value.type !== 'hello')
    return { problem: `expected {"type":"hello",…}, got type ${JSON.stringify(value.type)}` };
  if (value.protocol !== PROTOCOL_VERSION)
    return {
      problem: `this host speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(value.protocol)}`,
    };
  const name = typeof value.name === 'string' ? cleanName(value.name) : '';
  if (name === '') return { problem: 'the hello needs a "name" (a non-empty string)' };
  return { type: 'hello', protocol: PROTOCOL_VERSION, name };
}

/** A name without control characters, trimmed to MAX_NAME_LENGTH. */
export function cleanName(name: string): string {
  const printable = [...name].filter((char) => char >= ' ' && char !== '\u007f').join('');
  return printable.trim().slice(0, MAX_NAME_LENGTH);
}

/**
 * What an answer line means for request `id`: the action, a stale answer to an earlier request (ignored), or a
 * malformed answer. An answer without an id answers the request waiting.
 */
export type Answer =
  { kind: 'action'; action: unknown } | { kind: 'stale' } | { kind: 'malformed'; problem: string };

export function readAnswer(value: Record<string, unknown>, id: number): Answer {
  if (value.id !== undefined && value.id !== id) {
    if (typeof value.id === 'number' && value.id < id) return { kind: 'stale' };
    return {
      kind: 'malformed',
      problem: `the answer's id ${JSON.stringify(value.id)} is not the request's ${id}`,
    };
  }
  if (value.type !== 'action') return { kind: 'malformed', problem: `expected {"type":"action",…}` };
  if (!('action' in value) || value.action === undefined)
    return { kind: 'malformed', problem: 'the answer has no "action"' };
  return { kind: 'action', action: value.action };
}
