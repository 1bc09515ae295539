/**
 * The overdue sweep: every few seconds the active games and lobbies are read from the database, and each one this
 * process drives that is due but has no timer (lost while the database was down: a re-arm that failed, a
 * process that took over a shard in an outage) gets one, so it moves at once. Failed timer work is retried by the
 * timers themselves (timers.ts); the sweep is the net under them. What it finds overdue, with the timers' own
 * failures, is the overdue count of /healthz and /metrics.
 */
import type { Clock, TimerHandle } from './clock';
import type { ServiceContext } from './context';
import type { LobbyExpiry } from './lobby-expiry';
import { reportRetry, type GameTimers } from './timers';

/** How often the sweep reads the database (production). */
export const SWEEP_EVERY_MS = 10_000;

export interface OverdueCount {
  /** Running games whose due turn has not been played. */
  turns: number;
  /** Lobbies past their idle time, not closed. */
  lobbies: number;
}

interface Listing {
  at: number;
  turns: Map<string, number>;
  lobbies: Map<string, number>;
}

export class OverdueSweep {
  private handle: TimerHandle | null = null;
  private running = false;
  private failures = 0;
  private listing: Listing | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly timers: GameTimers,
    private readonly lobbyExpiry: LobbyExpiry,
    private readonly everyMs: number | null,
  ) {}

  private get clock(): Clock {
    return this.ctx.clock;
  }

  start(): void {
    if (this.everyMs === null || this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    this.listing = null;
  }

  /** Arms every due game and lobby that has no timer; a failure is reported and the next sweep tries again. */
  async sweep(): Promise<void> {
    try {
      const games = await this.ctx.store.games.listActiveGames();
      const lobbies = this.lobbyExpiry.idleMs === null ? [] : await this.ctx.store.games.listLobbies();
      const now = this.clock.now();
      const turns = new Map<string, number>();
      for (const game of games) {
        if (game.nextDueAt === null || !this.ctx.ownership.ownsGuild(game.guildId)) continue;
        if (game.nextDueAt <= now) turns.set(game.id, game.nextDueAt);
        if (!this.timers.isWatching(game.id)) this.timers.arm(game.id, game.nextDueAt);
      }
      this.listing = { at: now, turns, lobbies: this.lobbyExpiry.sweep(lobbies) };
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      reportRetry(this.ctx.reportError, error, 'the overdue sweep', this.failures, this.everyMs ?? 0);
    }
  }

  /**
   * Games and lobbies due `olderThanMs` or more ago and still waiting: those whose timed work keeps failing, and
   * those the last sweep found due that long (as of that sweep).
   */
  overdue(olderThanMs: number): OverdueCount {
    const now = this.clock.now();
    const turns = new Set(this.timers.overdue(now, olderThanMs));
    const lobbies = new Set(this.lobbyExpiry.failing(olderThanMs));
    const listing = this.listing;
    if (listing) {
      for (const [id, dueAt] of listing.turns) if (dueAt <= listing.at - olderThanMs) turns.add(id);
      for (const [id, dueAt] of listing.lobbies) if (dueAt <= listing.at - olderThanMs) lobbies.add(id);
    }
    return { turns: turns.size, lobbies: lobbies.size };
  }

  private schedule(): void {
    if (!this.running || this.everyMs === null) return;
    this.handle = this.clock.setTimeout(() => this.tick(), this.everyMs);
  }

  private async tick(): Promise<void> {
    this.handle = null;
    try {
      await this.sweep();
    } finally {
      this.schedule(); // also when the error reporter threw
    }
  }
}
