/**
 * Posting pauses: when the bot loses access to a game's channel (a permission taken, the thread archived, the
 * channel deleted), the game's posting pauses. The channel is told once when the bot can still write there,
 * the notice goes when posting works again, and a change of the channel's, the thread's or the server's
 * permissions wakes the paused games there (their feeds also try again after `pausedRetryMs` by themselves).
 */
import { Events, type Client } from 'discord.js';
import type { Logger } from '../../logger';
import type { GameInfo } from '../../service/index';
import { isClosedThread, isMissingAccess } from '../discord-errors';
import { DEFAULT_LANGUAGE, messageWords, type Language } from '../../i18n/index';
import { missingPermissionNames, permissionNamesIn } from '../posting-permissions';
import type { GameFeed } from './game-feed';
import { describeError } from './options';

/** What the bot may do in a channel, as far as its cached permissions tell. */
export interface ChannelAccess {
  /** The required permissions the bot lacks there, by name. */
  missing: string[];
  /** Whether the bot can still post a message there (an open channel, View Channel and Send Messages). */
  canWrite: boolean;
}

/** The channels as the pauses see them (Discord in production, a fake in tests). */
export interface PauseChannels {
  access(channelId: string): ChannelAccess;
  /** Posts a plain message (no mentions); returns its id. */
  send(channelId: string, content: string): Promise<string>;
}

/** Why posting paused: permissions missing (by Discord's English names), no access, a closed thread, a gone channel. */
type PauseCause =
  | { kind: 'missing'; names: readonly string[] }
  | { kind: 'noAccess' }
  | { kind: 'closedThread' }
  | { kind: 'gone' };

interface Pause {
  cause: PauseCause;
  told: boolean;
  noticeId: string | null;
}

/** The cause in words, in `language` ("I am missing the permission **Attach Files**"). */
function causeText(cause: PauseCause, language: Language): string {
  const t = messageWords(language);
  if (cause.kind !== 'missing') return t(`paused.${cause.kind}`);
  const names = permissionNamesIn(cause.names, language);
  return t(names.length > 1 ? 'paused.missingSeveral' : 'paused.missingOne', { names: names.join(', ') });
}

export class PostingPauses {
  private readonly pauses = new Map<string, Pause>();

  constructor(
    private readonly channels: PauseChannels,
    private readonly logger: Logger,
  ) {}

  /** Why the game's posting is paused ("I am missing …") in `language`, or null when it is not. */
  reason(gameId: string, language: Language = DEFAULT_LANGUAGE): string | null {
    const pause = this.pauses.get(gameId);
    return pause ? causeText(pause.cause, language) : null;
  }

  /**
   * Notes the pause a permanent `error` (see isPermanent) begins (its first reason is kept until it ends); `alreadyPaused` when the
   * game's posting was paused before this attempt (it is then not logged again).
   */
  begin(game: Pick<GameInfo, 'id' | 'channelId'>, error: unknown, alreadyPaused: boolean): void {
    const cause: PauseCause = isMissingAccess(error)
      ? this.missingIn(game.channelId)
      : isClosedThread(error)
        ? { kind: 'closedThread' }
        : { kind: 'gone' };
    const why = causeText(cause, DEFAULT_LANGUAGE);
    if (!alreadyPaused)
      this.logger.warn(`game ${game.id}: posting paused in channel ${game.channelId}: ${why}`);
    if (!this.pauses.has(game.id)) this.pauses.set(game.id, { cause, told: false, noticeId: null });
  }

  /**
   * Tells the channel once that the game is paused, when the bot can still write there (it lost Attach Files or
   * Embed Links, not Send Messages); otherwise players learn it from the game's commands.
   */
  async tell(
    game: Pick<GameInfo, 'id' | 'channelId'>,
    title: string,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<void> {
    const pause = this.pauses.get(game.id);
    if (!pause || pause.told) return;
    pause.told = true;
    if (!this.channels.access(game.channelId).canWrite) return;
    const key = pause.cause.kind === 'missing' ? 'paused.notice' : 'paused.noticeAccess';
    const reason = causeText(pause.cause, language);
    try {
      pause.noticeId = await this.channels.send(
        game.channelId,
        messageWords(language)(key, { title, reason }),
      );
    } catch (error) {
      this.logger.debug(`game ${game.id}: could not tell the channel it is paused`, describeError(error));
    }
  }

  /** Posting works again: the pause ends; returns its notice's id, to be deleted, if one was posted. */
  end(gameId: string): string | null {
    const notice = this.pauses.get(gameId)?.noticeId ?? null;
    this.pauses.delete(gameId);
    return notice;
  }

  /** The game is no longer followed. */
  forget(gameId: string): void {
    this.pauses.delete(gameId);
  }

  /** What the bot lacks in the channel, as its permissions there say. */
  private missingIn(channelId: string): PauseCause {
    const { missing } = this.channels.access(channelId);
    return missing.length > 0 ? { kind: 'missing', names: missing } : { kind: 'noAccess' };
  }
}

/** The channels of a Discord client, as the pauses see them. */
export function discordPauseChannels(client: Client): PauseChannels {
  return {
    access(channelId) {
      const channel = client.channels.cache.get(channelId);
      const me = client.user;
      const granted = channel && me && 'permissionsFor' in channel ? channel.permissionsFor(me) : null;
      const inThread = channel?.isThread() ?? false;
      const send = inThread ? 'SendMessagesInThreads' : 'SendMessages';
      const closedThread = channel?.isThread() && (channel.archived || channel.locked);
      const canWrite =
        !closedThread && (granted?.has(['ViewChannel', send]) ?? false) && (channel?.isSendable() ?? false);
      return { missing: missingPermissionNames(granted, inThread), canWrite };
    },
    async send(channelId, content) {
      const channel = client.channels.cache.get(channelId);
      if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
      const sent = await channel.send({ content, allowedMentions: { parse: [] } });
      return sent.id;
    },
  };
}

/** The paused games matching `where` (and not flushing) try again now: their access may be back. */
export async function wakePaused(
  feeds: Iterable<[string, { feed: GameFeed }]>,
  gameInfo: (gameId: string) => Promise<GameInfo | null>,
  where: (game: GameInfo) => boolean,
  logger: Logger,
): Promise<void> {
  try {
    for (const [gameId, { feed }] of feeds) {
      if (!feed.paused || feed.state === 'flushing') continue;
      const game = await gameInfo(gameId);
      if (game && where(game)) feed.wake();
    }
  } catch (error) {
    logger.error('could not wake the paused boards', error);
  }
}

/**
 * Wakes the paused games whose access may be back: a channel's permissions changed (or a thread's parent's,
 * which threads take), a thread reopened, or a server's roles changed. Returns the function that stops it.
 */
export function wakeOnPermissionChanges(
  client: Client,
  wake: (where: (game: Pick<GameInfo, 'channelId' | 'guildId'>) => boolean) => void,
): () => void {
  const parentOf = (channelId: string) => {
    const channel = client.channels.cache.get(channelId);
    return channel?.isThread() ? channel.parentId : null;
  };
  const wakeChannel = (channel: { id: string }) =>
    wake((game) => game.channelId === channel.id || parentOf(game.channelId) === channel.id);
  const wakeThread = (_old: unknown, thread: { id: string }) => wakeChannel(thread);
  const wakeGuild = (role: { guild: { id: string } }) => wake((game) => game.guildId === role.guild.id);
  client.on(Events.ChannelUpdate, wakeChannel);
  client.on(Events.ThreadUpdate, wakeThread);
  client.on(Events.GuildRoleUpdate, wakeGuild);
  return () => {
    client.off(Events.ChannelUpdate, wakeChannel);
    client.off(Events.ThreadUpdate, wakeThread);
    client.off(Events.GuildRoleUpdate, wakeGuild);
  };
}
