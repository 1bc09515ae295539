/** The records the store keeps: games, their seats, the action log and player statistics. */
import type { GeneratorVersion } from '../games/kit/random';
import type { Speed } from '../games/options';
import type { Language } from '../i18n/index';

export type GameStatus = 'lobby' | 'active' | 'finished' | 'cancelled';
/** Why a game stopped: the race ended ('completed'), the host ended it ('ended'), or it was cancelled. */
export type EndReason = 'completed' | 'ended' | 'cancelled';
export type IdlePolicy = 'computer' | 'skip';

/**
 * The format of every stored state so far (the games table's state_format). No game declares one: a state grows
 * through its module's `laterStateFields`, and a migration rewrites stored states; the column is kept (every row
 * has it) for a change a migration needs to mark.
 */
export const STATE_FORMAT = 1;
/** The speeds of the platform's `speed` start option (src/games/options.ts). */
export type GameSpeed = Speed;
export type SeatKind = 'human' | 'computer';

/** Settings chosen when the lobby opens; stored as JSON with the game. */
export interface GameOptions {
  /** Seats wanted (2–6); empty ones are filled with computers at the start. */
  seats: number;
  /** Level of the computers that fill seats or take over from players who leave. */
  computerLevel: string;
  speed: GameSpeed;
  /** Delay before a computer seat acts. */
  aiDelayMs: number;
  /** How long a human seat may take before the idle policy plays its turn. */
  humanTimeoutMs: number;
  idlePolicy: IdlePolicy;
  turnLimit: number | null;
  /** Whether the host took a seat (false: a game the host only watches). */
  hostSeated: boolean;
  /** The game module's own options by engine name (e.g. { rules: 'standard' }, { dice: 5 }). */
  game: Record<string, string | number>;
  /**
   * The language of the game's public messages, boards and summaries, fixed when the lobby opens (the server's
   * locale or the host's `language` option). Games stored before languages read as English.
   */
  language: Language;
  /**
   * The tournament this game is a table of (src/service/tournament.ts): its computers play at once and the bot
   * posts no board for it (the tournament's standings show it). Absent for every other game.
   */
  tournament?: string;
  /** The time per move of the lobby's outside programs (src/service/program-seats.ts; default 2000 ms). */
  programMoveMs?: number;
}

/**
 * A game's commitment to its seed: `commitment` = SHA-256(serverSeed), shown while the server seed stays secret;
 * the game's seed = HMAC-SHA256(serverSeed, clientSeed), where clientSeed is supplied by the players at the start.
 */
export interface GameFairness {
  serverSeed: string;
  commitment: string;
  /**
   * The message the game's seed is the server seed's HMAC of; null while the game is a lobby. Generator 2 games:
   * the game's id and each seated person's value (`nonceAndValues`); older games: the Start interaction's id.
   */
  clientSeed: string | null;
}

export interface SeatRecord {
  index: number;
  kind: SeatKind;
  /** The human who holds (or held, when `left`) the seat; null for computer seats from the start. */
  userId: string | null;
  /** The computer level playing the seat, or null while a human holds it. */
  level: string | null;
  name: string;
  /** The human left the running game and a computer plays the seat since. */
  left: boolean;
  /** The seated person's value for the game's seed (docs/fairness.md); null for computers and older games. */
  clientSeed?: string | null;
}

/** A game whose channel may differ from what the database implies, and its server (which process drives it). */
export interface UnsettledGame {
  id: string;
  guildId: string;
}

export interface GameRecord {
  id: string;
  guildId: string;
  channelId: string;
  hostId: string;
  /** The game module's key (e.g. 'hare', 'greed'). */
  gameKey: string;
  options: GameOptions;
  status: GameStatus;
  endReason: EndReason | null;
  /** The game's seed: derived at the start from `fairness` when the game made a commitment. */
  seed: string;
  /** The generator its dice and cards come from (games/kit/random); absent or 1 for games stored before 2. */
  generator?: GeneratorVersion;
  /** The seed commitment (docs/fairness.md), or null for games that made none (older games, fixed seeds). */
  fairness?: GameFairness | null;
  /** The engine state (the module's plain JSON); null while the game is a lobby. */
  state: unknown;
  /** The module's state format the state was written in. */
  stateFormat: number;
  /** Incremented on every change of the engine state (start, each action) and on the end of a game. */
  version: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  updatedAt: number;
  boardMessageId: string | null;
  boardPostedAt: number | null;
  turnNoticeMessageId: string | null;
  /** What the turn mention is for (its nonce: the seat and the version its turn began at). */
  turnNoticeKey: string | null;
  /** Who stopped the game with /end (or cancelled it), when someone did. */
  endedBy: { id: string; name: string } | null;
  /**
   * A game stopped with /end (end reason 'ended') by a person seated in it: `endedBy`'s forfeit, placed last
   * and counted in the statistics and ratings. False (or absent) when it counts for nobody.
   */
  forfeit?: boolean;
  /** A finished game's summary has been posted (the bot posts a missing one after a restart). */
  summaryPosted: boolean;
  /** When a retention removed this finished game's moves (it can no longer be replayed), or null. */
  logPrunedAt: number | null;
  /** How many moves the retention removed (null while the log is kept). */
  prunedMoves: number | null;
  /** A closed game's channel shows its final state: no live controls, the summary posted (when it has one). */
  channelSettled: boolean;
  /** When the game's next timer is due (ms since the epoch), or null when none is. */
  nextDueAt: number | null;
  seats: SeatRecord[];
}

/** The idle policy "skip": the seat to act loses its turn (engine forfeitTurn). */
export interface ForfeitAction {
  type: 'forfeit';
}

/** A module's action (plain JSON with a `type`), or the idle policy's forfeit. */
export type LoggedAction = { type: string; [field: string]: unknown } | ForfeitAction;

/** Who caused a logged action: a user id, a computer seat, or the idle timeout. */
export type ActorTag = string;
export const COMPUTER_ACTOR = 'computer';
export const TIMEOUT_ACTOR = 'timeout';
export const AUTO_ACTOR = 'auto';

export interface ActionLogRow {
  gameId: string;
  seq: number;
  seat: number;
  actor: ActorTag;
  action: LoggedAction;
  createdAt: number;
}

/** One human's result in a finished game, applied once to the player's statistics. */
export interface PlayerOutcome {
  userId: string;
  name: string;
  place: number;
  won: boolean;
  left: boolean;
  /** Computer levels of which the player finished ahead of at least one seat. */
  beat: string[];
}

export interface PlayerStats {
  guildId: string;
  gameKey: string;
  userId: string;
  name: string;
  games: number;
  wins: number;
  /** The sum of finishing places (average place = placeSum / games). */
  placeSum: number;
  /** Games the player left before the end (counted as played, in last place, never as a win). */
  gamesLeft: number;
  /** Games in which the player finished ahead of a computer seat of each level. */
  beaten: Record<string, number>;
  updatedAt: number;
}

/** Which guild and game a finished game's outcomes count for. */
export interface GameOutcomes {
  guildId: string;
  gameKey: string;
  outcomes: readonly PlayerOutcome[];
}
