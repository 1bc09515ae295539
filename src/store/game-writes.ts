/** What a game's writes take and give back, the same on both engines. */
import type { GeneratorVersion } from '../games/kit/random';
import type { RatedSeat } from './rating-math';
import type { ActorTag, GameOptions, LoggedAction, PlayerOutcome, SeatRecord } from './types';

export interface NewLobby {
  id: string;
  guildId: string;
  channelId: string;
  hostId: string;
  gameKey: string;
  /** The stored state's format (the games table's state_format): STATE_FORMAT unless given. */
  stateFormat?: number;
  options: GameOptions;
  seed: string;
  /** The generator of the game's dice and cards (games/kit/random); 1 when not given. */
  generator?: GeneratorVersion;
  seats: SeatRecord[];
  now: number;
}

export interface GameStart {
  gameId: string;
  seats: SeatRecord[];
  state: unknown;
  nextDueAt: number | null;
  now: number;
}

export interface ActionCommit {
  gameId: string;
  /** The version the action was computed from; the write happens only if it is still current. */
  expectedVersion: number;
  seat: number;
  actor: ActorTag;
  action: LoggedAction;
  state: unknown;
  nextDueAt: number | null;
  now: number;
  /** Present when this action ends the race: the humans' results, counted once, and every seat's place to rate. */
  finish?: GameResults;
}

/** A finished game's results: the humans' outcomes, counted once, and every seat's place to rate. */
export interface GameResults {
  guildId: string;
  gameKey: string;
  outcomes: readonly PlayerOutcome[];
  rated: readonly RatedSeat[];
}

export interface CommittedAction {
  version: number;
  seq: number;
}

export interface OpenGameRef {
  id: string;
  /** The game's server: it decides the shard, and so the process that drives the game. */
  guildId: string;
  nextDueAt: number | null;
}

/** Thrown when a lobby would be the second open game of a channel (unique index). */
export class ChannelBusyError extends Error {
  constructor(readonly channelId: string) {
    super(`channel ${channelId} already has an open game`);
    this.name = 'ChannelBusyError';
  }
}
