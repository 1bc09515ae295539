/** What every part of the service shares: the store, the clock, the games, the emitter and the checks. */
import type { AnyGameModule } from '../games/contract';
import type { GameRegistry } from '../games/registry';
import type { GameRecord, IdlePolicy } from '../store/index';
import type { Storage } from '../store/storage';
import type { Clock } from './clock';
import type { SafeEmitter } from './emitter';
import { ServiceError } from './errors';
import { NOT_SEATED } from './phrases';
import type { ServiceEvents } from './types';

export interface ServiceConfig {
  /** Delay before a computer seat acts, at normal speed. */
  aiTurnDelayMs: number;
  /** Time a human seat has before the idle policy plays its turn. */
  humanTurnTimeoutMs: number;
  /** Default idle policy of new games. */
  idlePolicy: IdlePolicy;
  /** How many open lobbies one user may host at once, in all servers (null: no cap). */
  maxLobbiesPerUser: number | null;
  /** How many open lobbies one server may have at once (null: no cap). */
  maxLobbiesPerServer: number | null;
  /** A lobby that nothing changes for this long closes itself (null: lobbies wait for ever). */
  lobbyIdleMs: number | null;
}

/** Chooses a computer seat's action away from the caller's thread; `seedKey` seeds its random stream. */
export type ComputerChooser = (
  gameKey: string,
  state: unknown,
  level: string,
  seedKey: string,
) => Promise<unknown>;

export interface ModeratorFlag {
  /** The caller has the guild's moderator permission (checked by the bot). */
  moderator?: boolean;
  /** The caller's display name, kept as who stopped the game (default: their id). */
  name?: string;
}

/** A game that has started: its state is the module's. */
export type ActiveGame = GameRecord & { state: NonNullable<unknown> };

/**
 * Which games this process drives (their timers, computer turns and lobby expiry): with several processes on
 * one database, those of the shards it holds (src/service/shard-leases.ts); alone, every game.
 */
export interface GameOwnership {
  ownsGuild(guildId: string): boolean;
}

export const EVERY_GAME: GameOwnership = { ownsGuild: () => true };

export interface ServiceContext {
  store: Storage;
  ownership: GameOwnership;
  clock: Clock;
  config: ServiceConfig;
  games: GameRegistry;
  emitter: SafeEmitter<ServiceEvents>;
  reportError: (error: unknown, context: string) => void;
}

export const refuse = {
  invalid: (message: string) => new ServiceError('invalid_option', message),
  unknownGame: () => new ServiceError('unknown_game', 'there is no such game'),
  notInGame: () => new ServiceError('not_in_game', NOT_SEATED),
  gameOver: () => new ServiceError('game_over', 'this game is over'),
  staleVersion: () => new ServiceError('stale_version', 'this board is out of date: the game has moved on'),
  channelBusy: () =>
    new ServiceError('channel_busy', 'this channel already has a game: finish or cancel it first'),
};

export function moduleOf(ctx: ServiceContext, game: GameRecord): AnyGameModule {
  return ctx.games.require(game.gameKey);
}

export async function requireGame(ctx: ServiceContext, gameId: string): Promise<GameRecord> {
  const game = await ctx.store.games.getGame(gameId);
  if (!game) throw refuse.unknownGame();
  return game;
}

export async function requireLobby(ctx: ServiceContext, gameId: string): Promise<GameRecord> {
  const game = await requireGame(ctx, gameId);
  if (game.status === 'active') throw new ServiceError('already_started', 'this game has already started');
  if (game.status !== 'lobby') throw refuse.gameOver();
  return game;
}

export async function requireActive(ctx: ServiceContext, gameId: string): Promise<ActiveGame> {
  const game = await requireGame(ctx, gameId);
  if (game.status === 'lobby') throw new ServiceError('not_started', 'this game has not started yet');
  if (game.status !== 'active' || game.state === null) throw refuse.gameOver();
  return game as ActiveGame;
}

export function requireHost(game: GameRecord, userId: string): void {
  if (game.hostId !== userId) throw new ServiceError('not_host', 'only the host can do that');
}

export function requireHostOrModerator(game: GameRecord, userId: string, flags: ModeratorFlag): void {
  if (game.hostId !== userId && !flags.moderator) {
    throw new ServiceError('not_host', 'only the host or a moderator can do that');
  }
}
