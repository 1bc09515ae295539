/**
 * Lobbies nobody touches close themselves: each open lobby has a timer due `lobbyIdleMs` after its last change,
 * armed from the database's `updated_at` at start-up (so the deadline survives restarts) and re-armed by every
 * lobby change. An expired lobby is cancelled with LOBBY_EXPIRY as the one who closed it, and announced as
 * the lobby change 'expired'.
 */
import type { LobbyUpdate } from './types';
import { requireGame, type ServiceContext } from './context';
import { GameTimers, reportRetry } from './timers';

/** Who closed a lobby that expired (the games table's `ended_by`), so a later redraw can say why. */
export const LOBBY_EXPIRY = { id: 'lobby-expiry', name: 'lobby expiry' } as const;

export class LobbyExpiry {
  private readonly timers: GameTimers;

  constructor(private readonly ctx: ServiceContext) {
    this.timers = new GameTimers(
      ctx.clock,
      (gameId) => this.expire(gameId),
      (error, gameId, attempts, retryInMs) =>
        reportRetry(ctx.reportError, error, `the expiry of lobby ${gameId}`, attempts, retryInMs),
    );
    ctx.emitter.on('lobby', (update) => this.noteChange(update));
  }

  get idleMs(): number | null {
    return this.ctx.config.lobbyIdleMs;
  }

  async start(): Promise<void> {
    const idleMs = this.idleMs;
    if (idleMs === null) return;
    this.timers.start();
    await this.rearm();
  }

  /** Arms the expiry of the lobbies this process drives; clears the others'. */
  async rearm(): Promise<void> {
    const idleMs = this.idleMs;
    if (idleMs === null) return;
    for (const lobby of await this.ctx.store.games.listLobbies())
      this.timers.arm(
        lobby.id,
        this.ctx.ownership.ownsGuild(lobby.guildId) ? lobby.updatedAt + idleMs : null,
      );
  }

  stop(): void {
    this.timers.stop();
  }

  private noteChange({ game }: LobbyUpdate): void {
    const idleMs = this.idleMs;
    if (idleMs === null) return;
    this.timers.arm(game.id, game.status === 'lobby' ? this.ctx.clock.now() + idleMs : null);
  }

  /**
   * The overdue sweep (overdue-sweep.ts): arms the expiry of every lobby of `lobbies` this process drives that
   * has no timer (lost in an outage); returns those past their time, with the time.
   */
  sweep(lobbies: readonly { id: string; guildId: string; updatedAt: number }[]): Map<string, number> {
    const idleMs = this.idleMs;
    const overdue = new Map<string, number>();
    if (idleMs === null || !this.timers.isRunning) return overdue;
    const now = this.ctx.clock.now();
    for (const lobby of lobbies) {
      if (!this.ctx.ownership.ownsGuild(lobby.guildId)) continue;
      const dueAt = lobby.updatedAt + idleMs;
      if (dueAt <= now) overdue.set(lobby.id, dueAt);
      if (!this.timers.isWatching(lobby.id)) this.timers.arm(lobby.id, dueAt);
    }
    return overdue;
  }

  /** Lobbies whose expiry failed and waits for a retry, due `olderThanMs` or more ago. */
  failing(olderThanMs: number): string[] {
    return this.timers.overdue(this.ctx.clock.now(), olderThanMs);
  }

  private async expire(gameId: string): Promise<void> {
    const idleMs = this.idleMs;
    const lobby = await this.ctx.store.games.getGame(gameId);
    if (idleMs === null || !lobby || lobby.status !== 'lobby') return;
    if (!this.ctx.ownership.ownsGuild(lobby.guildId)) return;
    const now = this.ctx.clock.now();
    // Something wrote to the lobby since the timer was armed (its message was posted): it has more time.
    if (lobby.updatedAt + idleMs > now) return this.timers.arm(gameId, lobby.updatedAt + idleMs);
    if (!(await this.ctx.store.games.closeGame(gameId, 'cancelled', 'cancelled', now, LOBBY_EXPIRY))) return;
    const game = await requireGame(this.ctx, gameId);
    this.ctx.emitter.emit('lobby', { change: 'expired', game, userId: null });
  }
}
