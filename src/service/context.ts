/** What every part of the service shares: the store, the clock, the games, the emitter and the checks. */
import type { AnyGameModule } from '../games/contract';
import type { GameRegistry } from '../games/registry';
import type { GameRecord, IdlePolicy } from '../store/index';
import type { Storage } from '../store/storage';
import type { Clock } from './clock';
import type { SafeEmitter } from './emitter';
import { refusal, type ServiceError } from './errors';
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
  /**
   * How often the overdue sweep (overdue-sweep.ts) looks for due games without a timer; null: never. Default:
   * every 10 s on the real clock, never on another (a test's fake clock would otherwise never run out of timers).
   */
  sweepEveryMs?: number | null;
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
  /** A bad option: the replies catalogue's `key` (English: the message). */
  invalid: (key: string, values?: Record<string, string | number>): ServiceError =>
    refusal('invalid_option', key, values),
  unknownGame: () => refusal('unknown_game', 'refusal.unknownGame'),
  notInGame: () => refusal('not_in_game', 'refusal.notSeated'),
  gameOver: () => refusal('game_over', 'refusal.gameOver'),
  staleVersion: () => refusal('stale_version', 'refusal.staleVersion'),
  channelBusy: () => refusal('channel_busy', 'refusal.channelBusy'),
  notYourTurn: (player: string) => refusal('not_your_turn', 'refusal.notYourTurn', { player }),
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
  if (game.status === 'active') throw refusal('already_started', 'refusal.alreadyStarted');
  if (game.status !== 'lobby') throw refuse.gameOver();
  return game;
}

export async function requireActive(ctx: ServiceContext, gameId: string): Promise<ActiveGame> {
  const game = await requireGame(ctx, gameId);
  if (game.status === 'lobby') throw refusal('not_started', 'refusal.notStarted');
  if (game.status !== 'active' || game.state === null) throw refuse.gameOver();
  return game as ActiveGame;
}

export function requireHost(game: GameRecord, userId: string): void {
  if (game.hostId !== userId) throw refusal('not_host', 'refusal.notHost');
}

export function requireHostOrModerator(game: GameRecord, userId: string, flags: ModeratorFlag): void {
  if (game.hostId !== userId && !flags.moderator) {
    throw refusal('not_host', 'refusal.notHostOrModerator');
  }
}
