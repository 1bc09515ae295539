import type { OutboxEntry, UnsettledGame } from '../store/index';
import type { Storage } from '../store/storage';
import type { Clock } from './clock';

/** A message the bot posts for a game, recorded on the game once it is known. */
export type PostKind = 'board' | 'notice' | 'summary';

/**
 * The outbox entry of a post sent as an interaction follow-up carries this mark where a reply carries its token
 * (never the token): a follow-up has no nonce Discord finds it by, so a crash's leftover is looked for instead.
 */
export const FOLLOW_UP_MARK = 'follow-up';

/**
 * The outbox, the bot's record of what it owes each channel: a post, reply or delete is written here before it is sent,
 * and its outcome is recorded on the game in the same transaction that clears the entry. After a crash the
 * entries left say exactly which messages may exist without the database knowing them.
 */
export class Outbox {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  beginPost(
    gameId: string,
    channelId: string,
    kind: PostKind,
    nonce: string,
    route: 'channel' | 'follow-up' = 'channel',
  ): Promise<OutboxEntry> {
    const token = route === 'follow-up' ? FOLLOW_UP_MARK : null;
    return this.storage.outbox.add({ gameId, channelId, kind, nonce, token }, this.clock.now());
  }

  /** An interaction reply that will be the game's message (a lobby); its token finds it after a crash. */
  beginReply(gameId: string, channelId: string, token: string): Promise<OutboxEntry> {
    return this.storage.outbox.add({ gameId, channelId, kind: 'reply', token }, this.clock.now());
  }

  /** The post or reply of `entry` is message `messageId`: recorded on the game, the entry cleared. */
  posted(entry: OutboxEntry, messageId: string): Promise<void> {
    return this.storage.outbox.posted(entry, messageId, this.clock.now());
  }

  /**
   * A lobby message the bot had not recorded (its reply was cut off by a crash) is pressed: it becomes the
   * game's message, unless the game already has one, and the reply entries looking for it are cleared. Returns
   * whether `messageId` is now the game's message.
   */
  adoptReply(gameId: string, messageId: string): Promise<boolean> {
    return this.storage.outbox.adoptReply(gameId, messageId, this.clock.now());
  }

  /** Whether a lobby reply of the game is still being looked for (a new lobby message would be a second one). */
  async replyPending(gameId: string): Promise<boolean> {
    return (await this.storage.outbox.forGame(gameId)).some((entry) => entry.kind === 'reply');
  }

  /** The entry's message certainly does not exist (Discord refused it) or was dealt with. */
  clear(entry: OutboxEntry): Promise<void> {
    return this.storage.outbox.remove(entry.id);
  }

  /**
   * A message to delete, kept until the delete succeeds. When it is the game's board or turn mention, the game
   * forgets it in the same transaction.
   */
  beginDelete(gameId: string, channelId: string, messageId: string): Promise<OutboxEntry> {
    return this.storage.outbox.beginDelete(gameId, channelId, messageId, this.clock.now());
  }

  failed(entry: OutboxEntry): Promise<void> {
    return this.storage.outbox.noteFailure(entry.id);
  }

  pending(): Promise<OutboxEntry[]> {
    return this.storage.outbox.all();
  }

  pendingFor(gameId: string): Promise<OutboxEntry[]> {
    return this.storage.outbox.forGame(gameId);
  }

  /**
   * What the channel's other games may still show of their turn mentions: those recorded, and the mention posts
   * and deletes not yet confirmed (a crash, or a delete that failed for now).
   */
  async otherMentions(
    channelId: string,
    gameId: string,
  ): Promise<{ shown: { gameId: string; messageId: string }[]; pending: OutboxEntry[] }> {
    const shown = (await this.storage.games.listTurnNotices(channelId)).filter((n) => n.gameId !== gameId);
    const pending = (await this.storage.outbox.all()).filter(
      (entry) =>
        entry.channelId === channelId &&
        entry.gameId !== gameId &&
        (entry.kind === 'notice' || entry.kind === 'delete'),
    );
    return { shown, pending };
  }

  /** The closed game's channel shows its final state. */
  async settle(gameId: string): Promise<void> {
    await this.storage.games.settleChannel(gameId, this.clock.now());
  }

  /** Games whose channel must be brought to what the database implies (after a restart), and their servers. */
  unsettledGames(): Promise<UnsettledGame[]> {
    return this.storage.games.listUnsettled();
  }
}
