/**
 * Bringing the channels up to date after a start or a gain of shards: each resume lists the open games (and the
 * closed ones whose channel is not settled) of the servers it is for, queues their channels at once, those
 * waiting for a person first, and then resolves what an earlier process left in the outbox: the lobbies' replies
 * first, and then the lobbies go ahead of every channel (a lobby whose reply was lost is one its host just asked
 * for and cannot see, nor open another game in its channel until it shows). The channels of a
 * later resume are queued without waiting for an earlier one; only the outbox resolutions run one after the
 * other, so that no entry is resolved twice at once.
 */
import type { Logger } from '../../logger';
import type { GameOwnership } from '../../service/context';
import { nextSeat } from '../../service/index';
import type { UrgentChannels } from './request-budget';
import type { SettlingQueue } from './settling-queue';
import type { OutboxRelay } from './outbox-relay';
import type { ChannelSync } from './channel-sync';
import type { OutboxEntry } from '../../service/index';
import type { PublishingRecords } from './records';

export interface ChannelResumeParts {
  records: PublishingRecords;
  relay: OutboxRelay;
  channelSync: ChannelSync;
  /** Where the channels are queued (the board publisher's settling queue). */
  settling: SettlingQueue;
  urgent: UrgentChannels;
  ownership: GameOwnership;
  logger: Logger;
  /** Told when a resume's outbox resolution has ended. */
  resolved: () => void;
}

/** What one resume found: its games (decided once, as listed), those whose boards are redrawn, the others. */
interface ResumePlan {
  listed: Map<string, boolean>;
  redrawn: Set<string>;
  /**
   * Lobbies, shown once the outbox is resolved (a lobby's reply may still be looked for) before any other
   * channel: a lobby whose reply was lost is one its host just asked for and cannot see.
   */
  lobbies: string[];
  /** Closed games, redrawn once the outbox is resolved. */
  others: string[];
}

export class ChannelResumes {
  private resolving: Promise<void> | null = null;

  constructor(private readonly parts: ChannelResumeParts) {}

  /** Whether an outbox resolution is under way. */
  get busy(): boolean {
    return this.resolving !== null;
  }

  /**
   * Settles the channels of the games this process owns in the servers `only` names (after a gain of shards:
   * theirs). Resolves once they are settled.
   */
  resume(only: (guildId: string) => boolean = () => true): Promise<void> {
    const ours = (guildId: string) => this.parts.ownership.ownsGuild(guildId) && only(guildId);
    const planned = this.queueChannels(ours);
    const resolving: Promise<void> = Promise.all([this.resolving, planned])
      .then(([, plan]) => this.resolveOutbox(plan, ours))
      .catch((error: unknown) => this.parts.logger.error('could not bring the channels up to date', error))
      .finally(() => {
        if (this.resolving === resolving) this.resolving = null;
        this.parts.resolved();
      });
    this.resolving = resolving;
    return resolving.then(() => this.parts.settling.idle());
  }

  /**
   * Lists the games and queues their channels. Other processes' games are told apart by their server as listed,
   * without reading each (on PostgreSQL under load, reading every open game held up a takeover's channels for
   * two minutes), and decided once, so that shards gained meanwhile are left to their own resume.
   */
  private async queueChannels(ours: (guildId: string) => boolean): Promise<ResumePlan> {
    const { records, settling, urgent } = this.parts;
    const plan: ResumePlan = { listed: new Map(), redrawn: new Set(), lobbies: [], others: [] };
    const waiting: string[] = [];
    for (const { id: gameId, guildId } of await records.outbox.unsettledGames()) {
      const mine = ours(guildId);
      plan.listed.set(gameId, mine);
      if (!mine) continue;
      const game = await records.game(gameId);
      if (!game) continue;
      if (game.state === null) {
        (game.status === 'lobby' ? plan.lobbies : plan.others).push(gameId);
        continue;
      }
      // A started game's own redraw settles its unconfirmed board, turn mention and summary before it posts
      // anything (BoardPosting.publish), so its channel need not wait for the outbox to be resolved.
      plan.redrawn.add(gameId);
      // As a live update marks it (BoardPublisher.enqueue): a person, not a computer, is to act.
      const waitsForPerson = nextSeat(records.module(game.gameKey), game, game.state)?.human === true;
      if (waitsForPerson) waiting.push(gameId);
      urgent.mark(game.channelId, waitsForPerson);
    }
    // A game waiting for a person goes first, ahead of what an earlier resume still settles: nothing moves there
    // until its board shows the turn, while the others' computers and timers move on. Paced: each is clicked
    // as soon as it shows (settling-queue.ts).
    for (const gameId of waiting.reverse()) settling.add(gameId, true, true);
    for (const gameId of plan.redrawn) settling.add(gameId);
    return plan;
  }

  /** The lobbies' replies first, then the lobbies are queued first, then the rest of the outbox is resolved. */
  private async resolveOutbox(plan: ResumePlan, ours: (guildId: string) => boolean): Promise<void> {
    const { settling } = this.parts;
    await this.resolveEntries(plan, ours, (entry) => entry.kind === 'reply');
    for (const gameId of [...plan.lobbies].reverse()) settling.add(gameId, true);
    await this.resolveEntries(plan, ours, (entry) => entry.kind !== 'reply');
    for (const gameId of plan.others) settling.add(gameId);
  }

  private async resolveEntries(
    plan: ResumePlan,
    ours: (guildId: string) => boolean,
    which: (entry: OutboxEntry) => boolean,
  ): Promise<void> {
    const { relay, channelSync, settling } = this.parts;
    await relay.resolvePending(
      (entry) => channelSync.resolvePost(entry),
      // A lobby's reply found later: the lobby goes first, as those found at once.
      (gameId) => settling.add(gameId, true),
      async (entry) =>
        which(entry) &&
        !(['board', 'notice', 'summary', 'delete'].includes(entry.kind) && plan.redrawn.has(entry.gameId)) &&
        (plan.listed.get(entry.gameId) ?? (await this.isOurs(entry.gameId, ours))),
    );
  }

  /** Whether the game (one not listed as unsettled) is of a server `ours` names. */
  private async isOurs(gameId: string, ours: (guildId: string) => boolean): Promise<boolean> {
    const game = await this.parts.records.game(gameId);
    return game !== null && ours(game.guildId);
  }
}
