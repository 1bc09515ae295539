/** The tournaments running in this process (`/<game> tournament`), one per server at a time. */
import { Tournament, type TournamentHost } from './tournament';
import { checkPlan, refuseTournament, type TournamentPlan } from './tournament-plan';
import type { TournamentProgress } from './tournament-progress';

/** Tournaments played at once by one process (each keeps the computers' workers busy with its games). */
export const MAX_RUNNING = 4;

export class Tournaments {
  private readonly running = new Map<string, Tournament>();

  constructor(private readonly host: TournamentHost) {}

  /** The place of games is gone (channels or threads deleted): the tournaments played there stop. */
  stopInChannels(channelIds: readonly string[]): void {
    for (const tournament of this.running.values())
      if (channelIds.includes(tournament.plan.channelId)) tournament.stop();
  }

  /** The bot left the server: its tournament stops. */
  stopInGuild(guildId: string): void {
    this.running.get(guildId)?.stop();
  }

  /** The tournament running in the server, if any. */
  runningIn(guildId: string): Tournament | null {
    return this.running.get(guildId) ?? null;
  }

  /** Checks the plan (refused in the players' words), then plays it; resolves with the final progress. */
  start(
    plan: TournamentPlan,
    onProgress?: (progress: TournamentProgress) => void,
    gameTimeoutMs?: number,
  ): { tournament: Tournament; done: Promise<TournamentProgress> } {
    this.check(plan);
    const tournament = new Tournament(this.host, plan, onProgress, gameTimeoutMs);
    this.running.set(plan.guildId, tournament);
    const done = tournament.run().finally(() => this.running.delete(plan.guildId));
    return { tournament, done };
  }

  /** Why the plan cannot be played, as a refusal; nothing when it can. */
  check(plan: TournamentPlan): void {
    const module = this.host.games.get(plan.game);
    if (!module) throw refuseTournament('refusal.noGameCalled', { game: plan.game });
    if (this.running.has(plan.guildId)) throw refuseTournament('tournament.refusal.running');
    if (this.running.size >= MAX_RUNNING)
      throw refuseTournament('tournament.refusal.busy', { max: MAX_RUNNING });
    checkPlan(module, plan);
  }
}
