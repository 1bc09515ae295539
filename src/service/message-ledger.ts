import type { Store, OutboxEntry } from '../store/index';
import type { Clock } from './clock';

/** A message the bot posts for a game, recorded on the game once it is known. */
export type PostKind = 'board' | 'notice' | 'summary';

/**
 * The bot's record of what it owes each channel: a post, reply or delete is written here before it is sent,
 * and its outcome is recorded on the game in the same transaction that clears the entry. After a crash the
 * entries left say exactly which messages may exist without the database knowing them.
 */
export class MessageLedger {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  beginPost(gameId: string, channelId: string, kind: PostKind, nonce: string): OutboxEntry {
    return this.store.outbox.add({ gameId, channelId, kind, nonce }, this.clock.now());
  }

  /** An interaction reply that will be the game's message (a lobby); its token finds it after a crash. */
  beginReply(gameId: string, channelId: string, token: string): OutboxEntry {
    return this.store.outbox.add({ gameId, channelId, kind: 'reply', token }, this.clock.now());
  }

  /** The post or reply of `entry` is message `messageId`: recorded on the game, the entry cleared. */
  posted(entry: OutboxEntry, messageId: string): void {
    const now = this.clock.now();
    const games = this.store.games;
    this.store.db.transaction(() => {
      if (entry.kind === 'board' || entry.kind === 'reply')
        games.setBoardMessage(entry.gameId, messageId, now, now);
      else if (entry.kind === 'notice') games.setTurnNotice(entry.gameId, messageId, now, entry.nonce);
      else if (entry.kind === 'summary') games.markSummaryPosted(entry.gameId, now);
      this.store.outbox.remove(entry.id);
    })();
  }

  /**
   * A lobby message the bot had not recorded (its reply was cut off by a crash) is pressed: it becomes the
   * game's message, unless the game already has one, and the reply entries looking for it are cleared. Returns
   * whether `messageId` is now the game's message.
   */
  adoptReply(gameId: string, messageId: string): boolean {
    const now = this.clock.now();
    const games = this.store.games;
    return this.store.db.transaction(() => {
      const game = games.getGame(gameId);
      if (!game || game.status !== 'lobby') return false;
      if (game.boardMessageId !== null) return game.boardMessageId === messageId;
      games.setBoardMessage(gameId, messageId, now, now);
      for (const entry of this.store.outbox.forGame(gameId))
        if (entry.kind === 'reply') this.store.outbox.remove(entry.id);
      return true;
    })();
  }

  /** Whether a lobby reply of the game is still being looked for (a new lobby message would be a second one). */
  replyPending(gameId: string): boolean {
    return this.store.outbox.forGame(gameId).some((entry) => entry.kind === 'reply');
  }

  /** The entry's message certainly does not exist (Discord refused it) or was dealt with. */
  clear(entry: OutboxEntry): void {
    this.store.outbox.remove(entry.id);
  }

  /**
   * A message to delete, kept until the delete succeeds. When it is the game's board or turn mention, the game
   * forgets it in the same transaction.
   */
  beginDelete(gameId: string, channelId: string, messageId: string): OutboxEntry {
    const now = this.clock.now();
    const games = this.store.games;
    return this.store.db.transaction(() => {
      const game = games.getGame(gameId);
      if (game?.boardMessageId === messageId) games.setBoardMessage(gameId, null, null, now);
      if (game?.turnNoticeMessageId === messageId) games.setTurnNotice(gameId, null, now);
      return this.store.outbox.add({ gameId, channelId, kind: 'delete', messageId }, now);
    })();
  }

  failed(entry: OutboxEntry): void {
    this.store.outbox.noteFailure(entry.id);
  }

  pending(): OutboxEntry[] {
    return this.store.outbox.all();
  }

  pendingFor(gameId: string): OutboxEntry[] {
    return this.store.outbox.forGame(gameId);
  }

  /** The closed game's channel shows its final state. */
  settle(gameId: string): void {
    this.store.games.settleChannel(gameId, this.clock.now());
  }

  /** Games whose channel must be brought to what the database implies (after a restart). */
  unsettledGames(): string[] {
    return this.store.games.listUnsettled();
  }
}
