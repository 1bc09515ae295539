/**
 * A follow-up given up as never posted may still arrive: an attempt that got no answer was cleared once the
 * channel did not show it (channel-sync.ts, resolveFollowUp), and Discord may take the request later than that
 * (seen under load: 35 s after it was sent). A follow-up has no nonce for Discord to refuse the copy, so the game
 * would show two summaries, or a turn mention nobody deletes. The channel is looked at again a few times after
 * the entry was given up, and what arrived late is deleted; a look waits while this process is posting in the
 * channel (a message just posted is not recorded until Discord's answer has come back).
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../logger';
import type { Clock, OutboxEntry, TimerHandle } from '../../service/index';
import { findLateFollowUps } from './leftover-messages';
import type { OutboxRelay } from './outbox-relay';
import { describeError } from './options';
import type { PublishingRecords } from './records';

/** When the channel is looked at again, counted from when the entry was given up. */
export const LATE_LOOKS_MS = [5000, 30_000, 2 * 60_000, 6 * 60_000] as const;
/** A look that finds a post of this process under way waits this long and tries again. */
const BUSY_RETRY_MS = 2000;

export interface LateFollowUpParts {
  client: Client;
  records: Pick<PublishingRecords, 'game' | 'outbox'>;
  relay: Pick<OutboxRelay, 'delete' | 'underWay'>;
  clock: Clock;
  logger: Logger;
}

export class LateFollowUps {
  private readonly timers = new Set<TimerHandle>();
  private closed = false;

  constructor(private readonly parts: LateFollowUpParts) {}

  /** The follow-up of `entry` was given up as never posted: look for it later. */
  watch(entry: OutboxEntry): void {
    const givenUpAt = this.parts.clock.now();
    this.schedule(entry, givenUpAt, 0);
  }

  /** Stops the looks still to come (the bot stopping). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) this.parts.clock.clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(entry: OutboxEntry, givenUpAt: number, look: number, delayMs?: number): void {
    const at = LATE_LOOKS_MS[look];
    if (this.closed || at === undefined) return;
    const wait = delayMs ?? Math.max(0, givenUpAt + at - this.parts.clock.now());
    const timer = this.parts.clock.setTimeout(() => {
      this.timers.delete(timer);
      return this.look(entry, givenUpAt, look);
    }, wait);
    this.timers.add(timer);
  }

  private async look(entry: OutboxEntry, givenUpAt: number, look: number): Promise<void> {
    const { client, records, relay, logger } = this.parts;
    if (this.closed) return;
    if (relay.underWay.isSendingIn(entry.channelId))
      return this.schedule(entry, givenUpAt, look, BUSY_RETRY_MS);
    try {
      const game = await records.game(entry.gameId);
      if (!game) return;
      const { shown } = await records.outbox.otherMentions(entry.channelId, entry.gameId);
      const others = new Set(shown.map((mention) => mention.messageId));
      const late = await findLateFollowUps(client, entry, game, others);
      if (late.length > 0) {
        logger.info(`game ${game.id}: a ${entry.kind} given up as never posted arrived late; deleting it`);
        for (const messageId of late) await relay.delete(entry.channelId, game.id, messageId);
        return;
      }
    } catch (error) {
      logger.debug(`game ${entry.gameId}: could not look for a late ${entry.kind}`, describeError(error));
    }
    this.schedule(entry, givenUpAt, look + 1);
  }
}
