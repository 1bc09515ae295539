/**
 * One turn mention per channel: before a game posts its first mention (in this process), whatever the channel's
 * earlier games may still show of theirs goes: a mention still recorded (its game ended while its last flush,
 * or the process, did not get to delete it) and the mention posts and deletes a crash left unconfirmed. Without
 * this, a takeover posted the next game's mention while the closed game's channel waited its turn to be settled,
 * and both stood side by side for seconds.
 */
import type { SendableChannels } from 'discord.js';
import type { OutboxEntry } from '../../service/index';
import type { OutboxRelay } from './outbox-relay';
import type { PublishingRecords } from './records';

export interface ChannelMentionsParts {
  records: PublishingRecords;
  relay: OutboxRelay;
  /** Settles a post a crash left unconfirmed (found by its nonce and removed). */
  resolvePost: (entry: OutboxEntry) => Promise<void>;
  /** Deletes a message of a game (kept in the outbox until the delete succeeds). */
  deleteMessage: (channel: SendableChannels, gameId: string, messageId: string) => Promise<void>;
}

export class ChannelMentions {
  /** By channel: the game whose mentions were cleared for (a channel has one running game at a time). */
  private readonly clearedFor = new Map<string, string>();

  constructor(private readonly parts: ChannelMentionsParts) {}

  /** Removes the mentions of the channel's other games, once per game and channel. */
  async clearOthers(channel: SendableChannels, gameId: string): Promise<void> {
    if (this.clearedFor.get(channel.id) === gameId) return;
    const { shown, pending } = await this.parts.records.outbox.otherMentions(channel.id, gameId);
    for (const entry of pending) {
      if (entry.kind === 'delete') await this.parts.relay.tryDelete(entry);
      else await this.parts.resolvePost(entry);
    }
    for (const notice of shown) await this.parts.deleteMessage(channel, notice.gameId, notice.messageId);
    this.clearedFor.set(channel.id, gameId);
  }
}
