/**
 * A post sent as an interaction follow-up whose outcome was never confirmed (a crash, a lost answer): Discord
 * finds no follow-up by a nonce, so it is looked for among the channel's messages since its outbox entry: the
 * bot's messages that no game records and that look like the entry's kind (a summary by its game's finished
 * buttons, a board by its game's controls, a turn mention by its user mention and no controls).
 */
import { SnowflakeUtil, Routes, type APIMessage, type Client } from 'discord.js';
import type { GameInfo, OutboxEntry } from '../../service/index';

/** How far before its outbox entry a follow-up is looked for (the clocks of the bot and Discord differ). */
const SEARCH_MARGIN_MS = 60_000;

/** The follow-up of `entry` that the channel shows, or null when there is none (it was never posted). */
export async function findFollowUpLeftover(
  client: Client,
  entry: OutboxEntry,
  game: Pick<GameInfo, 'id' | 'boardMessageId' | 'turnNoticeMessageId'>,
): Promise<{ id: string } | null> {
  const after = SnowflakeUtil.generate({ timestamp: entry.createdAt - SEARCH_MARGIN_MS }).toString();
  const messages = (await client.rest.get(Routes.channelMessages(entry.channelId), {
    query: new URLSearchParams({ after, limit: '100' }),
  })) as APIMessage[];
  const recorded = new Set([game.boardMessageId, game.turnNoticeMessageId]);
  const looksLike = (message: APIMessage): boolean => {
    const controls = JSON.stringify(message.components ?? []);
    if (entry.kind === 'summary') return controls.includes(`:finished:${game.id}:`);
    if (entry.kind === 'board') return controls.includes(`:${game.id}:`) && !controls.includes(':finished:');
    return (message.components ?? []).length === 0 && /<@\d+>/.test(message.content);
  };
  const own = (message: APIMessage) =>
    message.author.id === client.user?.id && !recorded.has(message.id) && looksLike(message);
  return messages.find(own) ?? null;
}
