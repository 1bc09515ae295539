/**
 * Tells whether a game's board is buried: enough other messages came after it that a player would have to
 * scroll up for it (the board is then posted again at the bottom). The gateway's message events tell it without
 * a request; for a board posted before the watch began, the channel's latest messages are read once, in the
 * background: after a restart every open board is of that kind, and those reads share the bot's global budget
 * (a takeover of 500 games waited 22 s a board for them). Until its read answers, a board counts what the
 * gateway told since.
 */
import {
  Events,
  GatewayDispatchEvents,
  Routes,
  SnowflakeUtil,
  type APIMessage,
  type Client,
  type GatewayMessageDeleteDispatchData,
  type Message,
} from 'discord.js';
import type { Logger } from '../../logger';
import type { GameInfo } from '../../service/index';
import { describeError } from './options';
import { BACKGROUND_REQUEST_HEADER } from './request-budget';

/** How many of a channel's latest message ids are remembered. */
export const RECENT_MESSAGES = 20;

export interface BuriedBoardSettings {
  /** A board with this many other messages after it is buried. */
  buriedAfter: number;
}

/**
 * Reads the ids of the channel's messages after `afterId` by others than the bot (at most RECENT_MESSAGES),
 * or null when the bot cannot read the channel's history.
 */
export type ReadMessagesAfter = (channelId: string, afterId: string) => Promise<string[] | null>;

type BoardPlace = Pick<GameInfo, 'channelId' | 'boardMessageId' | 'turnNoticeMessageId'> & {
  seats?: GameInfo['seats'];
};

export class BuriedBoardWatch {
  /** The latest message ids seen in each channel, oldest first. */
  private readonly recent = new Map<string, string[]>();
  /** Channels whose recent messages were read once since the watch began (the gateway tells the rest). */
  private readonly seeded = new Set<string>();
  /** The reads under way, by channel. */
  private readonly reading = new Map<string, Promise<void>>();
  /** Per channel, each user's latest private reply there: the id of the interaction it answered. */
  private readonly privateReplies = new Map<string, Map<string, bigint>>();
  /** Messages newer than this id were all seen on the gateway (it is the moment the watch began). */
  private watchingSince: bigint | null = null;

  constructor(
    private readonly settings: BuriedBoardSettings,
    private readonly readAfter: ReadMessagesAfter,
  ) {}

  /** From now on every message of the watched channels is noted (`sinceId`: a snapshot id of this moment). */
  begin(sinceId: bigint): void {
    this.watchingSince = sinceId;
  }

  /** A message by someone other than the bot (the bot's own messages do not bury a board). */
  noteMessage(channelId: string, messageId: string): void {
    const ids = this.recent.get(channelId) ?? [];
    ids.push(messageId);
    this.recent.set(channelId, ids.slice(-RECENT_MESSAGES));
  }

  /**
   * A private reply to `userId` in the channel, answering the interaction `interactionId` (its snowflake tells
   * when: the reply sits at least that low). It pushes the board up for that player only, who then sees a
   * private snapshot below the live board. Returns the function that takes the note back (the reply became a
   * refusal: a short word read at once, not worth moving the board for).
   */
  notePrivateReply(channelId: string, userId: string, interactionId: string): () => void {
    const users = this.privateReplies.get(channelId) ?? new Map<string, bigint>();
    const before = users.get(userId);
    const id = BigInt(interactionId);
    if ((before ?? 0n) < id) users.set(userId, id);
    this.privateReplies.set(channelId, users);
    return () => {
      if (users.get(userId) !== id) return;
      if (before === undefined) users.delete(userId);
      else users.set(userId, before);
    };
  }

  /** A deleted message no longer pushes a board up. */
  forgetMessage(channelId: string, messageId: string): void {
    const ids = this.recent.get(channelId);
    if (ids)
      this.recent.set(
        channelId,
        ids.filter((id) => id !== messageId),
      );
  }

  /**
   * Whether enough messages (other than the turn mention) came after the board, as far as the watch knows, to
   * push it out of sight. A board posted before the watch began starts a read of its channel (see above).
   */
  isBuried(game: BoardPlace): boolean {
    const board = game.boardMessageId;
    if (!board) return false;
    if (this.privatelyBuried(game, board)) return true;
    if (!this.knows(game.channelId, board)) this.readSoon(game.channelId, board);
    return this.messagesAfter(game, board) >= this.settings.buriedAfter;
  }

  /** Resolves once the reads under way have answered. */
  async readsDone(): Promise<void> {
    while (this.reading.size > 0) await Promise.all(this.reading.values());
  }

  /** Whether a player of the game got a private reply below the board (a /hand snapshot, a typed move's answer). */
  private privatelyBuried(game: BoardPlace, board: string): boolean {
    const users = this.privateReplies.get(game.channelId);
    if (!users || !game.seats) return false;
    return game.seats.some(
      (seat) => seat.userId !== null && !seat.left && (users.get(seat.userId) ?? 0n) > BigInt(board),
    );
  }

  /** Whether every message after the board was seen: it came after the watch began, or the channel was read. */
  private knows(channelId: string, board: string): boolean {
    const watched = this.watchingSince !== null && BigInt(board) > this.watchingSince;
    return watched || this.seeded.has(channelId);
  }

  private messagesAfter(game: BoardPlace, board: string): number {
    const after = (this.recent.get(game.channelId) ?? []).filter(
      (id) => id !== game.turnNoticeMessageId && BigInt(id) > BigInt(board),
    );
    return new Set(after).size;
  }

  /**
   * Reads the messages after the board, unless a read of the channel is under way; without Read Message History
   * only what the gateway tells counts (and the next redraw tries again).
   */
  private readSoon(channelId: string, board: string): void {
    if (this.reading.has(channelId)) return;
    const read = this.readAfter(channelId, board)
      .then((ids) => {
        if (ids === null) return;
        const known = new Set([...(this.recent.get(channelId) ?? []), ...ids]);
        const oldestFirst = [...known].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
        this.recent.set(channelId, oldestFirst.slice(-RECENT_MESSAGES));
        this.seeded.add(channelId);
      })
      // A reader answers null rather than failing (discordMessagesAfter); a failure is taken as that null.
      .catch(() => {})
      .finally(() => this.reading.delete(channelId));
    this.reading.set(channelId, read);
  }
}

/**
 * Reads a channel's messages through a Discord client (the bot's own messages left out), after the requests that
 * wait in the bot's budget: nobody waits on the read, and a restart makes one for every open board.
 */
export function discordMessagesAfter(client: Client, logger: Logger): ReadMessagesAfter {
  return async (channelId, afterId) => {
    try {
      const after = (await client.rest.get(Routes.channelMessages(channelId), {
        query: new URLSearchParams({ after: afterId, limit: String(RECENT_MESSAGES) }),
        headers: { [BACKGROUND_REQUEST_HEADER]: '1' },
      })) as APIMessage[];
      return after.filter((message) => message.author.id !== client.user?.id).map((message) => message.id);
    } catch (error) {
      logger.debug(`channel ${channelId}: cannot read the channel history`, describeError(error));
      return null;
    }
  };
}

/**
 * Feeds the watch from the gateway, from `now` on: players' messages (the bot's own, such as turn mentions on
 * their way out, do not bury a board) and deletions. Returns the function that stops it.
 *
 * A deletion is read from the raw event: the bot caches no messages, and discord.js tells the deletion of an
 * uncached message only with the Message partial, which also made it build two Message objects for every
 * MESSAGE_UPDATE (each edit of a board the bot makes comes back as one) that nothing reads.
 */
export function watchGateway(client: Client, watch: BuriedBoardWatch, now: number): () => void {
  watch.begin(SnowflakeUtil.generate({ timestamp: now }));
  const noteMessage = (message: Message) => {
    if (message.author.id !== client.user?.id) watch.noteMessage(message.channelId, message.id);
  };
  const forgetDeleted = (packet: { t?: string | null; d?: unknown }) => {
    if (packet.t !== GatewayDispatchEvents.MessageDelete) return;
    const deleted = packet.d as GatewayMessageDeleteDispatchData;
    watch.forgetMessage(deleted.channel_id, deleted.id);
  };
  client.on(Events.MessageCreate, noteMessage);
  client.on(Events.Raw, forgetDeleted);
  return () => {
    client.off(Events.MessageCreate, noteMessage);
    client.off(Events.Raw, forgetDeleted);
  };
}
