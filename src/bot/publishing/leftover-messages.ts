/**
 * Messages Discord may show that the outbox never saw confirmed (a crash, a lost answer), looked for among the
 * channel's messages since their outbox entry: a lobby reply (first through its interaction token), a post sent
 * as an interaction follow-up (Discord finds no follow-up by a nonce), a summary too old for its nonce.
 */
import { DiscordAPIError, Routes, SnowflakeUtil, type APIMessage, type Client } from 'discord.js';
import type { GameInfo, OutboxEntry } from '../../service/index';
import { isRefusal } from '../discord-errors';

/** How far before its outbox entry a message is looked for (the clocks of the bot and Discord differ). */
const SEARCH_MARGIN_MS = 60_000;

/**
 * The bot's messages in the entry's channel since the entry was written (a margin before it) that are `wanted`
 * (given the message and its controls' custom ids, as JSON), oldest first.
 */
async function ownMessagesSince(
  client: Client,
  entry: OutboxEntry,
  wanted: (message: APIMessage, controls: string) => boolean,
): Promise<APIMessage[]> {
  const after = SnowflakeUtil.generate({ timestamp: entry.createdAt - SEARCH_MARGIN_MS }).toString();
  const messages = (await client.rest.get(Routes.channelMessages(entry.channelId), {
    query: new URLSearchParams({ after, limit: '100' }),
  })) as APIMessage[];
  const own = (message: APIMessage) =>
    message.author.id === client.user?.id && wanted(message, JSON.stringify(message.components ?? []));
  return messages.filter(own).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** The first of ownMessagesSince, or null when there is none. */
async function ownMessageSince(
  client: Client,
  entry: OutboxEntry,
  wanted: (message: APIMessage, controls: string) => boolean,
): Promise<{ id: string } | null> {
  return (await ownMessagesSince(client, entry, wanted))[0] ?? null;
}

/** The bot's first message since the entry whose controls (as JSON) are `wanted`; null when there is none. */
export function findOwnMessage(
  client: Client,
  entry: OutboxEntry,
  wanted: (controls: string) => boolean,
): Promise<{ id: string } | null> {
  return ownMessageSince(client, entry, (_, controls) => wanted(controls));
}

/**
 * The bot's messages that no game records and that look like the entry's kind (a summary by its game's
 * finished buttons, a board by its game's controls, a turn mention by its user mention and no controls): the
 * follow-up of `entry` that the channel shows, or null when there is none (it was never posted).
 */
export function findFollowUpLeftover(
  client: Client,
  entry: OutboxEntry,
  game: Pick<GameInfo, 'id' | 'boardMessageId' | 'turnNoticeMessageId'>,
): Promise<{ id: string } | null> {
  return ownMessageSince(client, entry, leftoverOf(entry, game));
}

/**
 * The messages that a follow-up given up as never posted left after all (Discord took it late): those of the
 * entry's kind that no game records (`recordedElsewhere`: the other games' messages in the channel). Of the
 * game's summaries all but the first are returned: the one posted again counts as well as the late one.
 */
export async function findLateFollowUps(
  client: Client,
  entry: OutboxEntry,
  game: Pick<GameInfo, 'id' | 'boardMessageId' | 'turnNoticeMessageId'>,
  recordedElsewhere: ReadonlySet<string>,
): Promise<string[]> {
  const wanted = leftoverOf(entry, game);
  const found = await ownMessagesSince(
    client,
    entry,
    (message, controls) => !recordedElsewhere.has(message.id) && wanted(message, controls),
  );
  return (entry.kind === 'summary' ? found.slice(1) : found).map((message) => message.id);
}

/** Whether a message is one of the entry's kind that the game does not record as its own. */
function leftoverOf(
  entry: OutboxEntry,
  game: Pick<GameInfo, 'id' | 'boardMessageId' | 'turnNoticeMessageId'>,
): (message: APIMessage, controls: string) => boolean {
  const recorded = new Set([game.boardMessageId, game.turnNoticeMessageId]);
  return (message, controls) => {
    if (recorded.has(message.id)) return false;
    if (entry.kind === 'summary') return controls.includes(`:finished:${game.id}:`);
    if (entry.kind === 'board') return controls.includes(`:${game.id}:`) && !controls.includes(':finished:');
    return (message.components ?? []).length === 0 && /<@\d+>/.test(message.content);
  };
}

/**
 * A lobby reply's message: through the interaction's token (valid for 15 minutes), else among the channel's
 * messages since the entry was written, as the bot's message carrying the game's lobby buttons. Null when
 * neither finds it (no reply was made); throws while Discord cannot tell (a server error).
 */
export async function findLobbyReply(client: Client, entry: OutboxEntry): Promise<{ id: string } | null> {
  // No token (never recorded) tells as little as a refused one.
  let tokenRefused = entry.token === null;
  if (entry.token !== null) {
    try {
      return await originalResponse(client, entry.token);
    } catch (error) {
      tokenRefused = error instanceof DiscordAPIError;
    }
  }
  try {
    return await findOwnMessage(client, entry, (controls) => controls.includes(`:lobby:${entry.gameId}:`));
  } catch (error) {
    // Discord refused both (the token expired, the bot cannot read the channel): nothing can be found.
    if (tokenRefused && isRefusal(error)) return null;
    throw error;
  }
}

/**
 * An interaction's original response, read through its token without the bot's token: an expired interaction
 * token answers 401, and a 401 to a request that carried the bot's token makes the REST client forget it
 * (every later post or edit would fail until a restart).
 */
async function originalResponse(client: Client, token: string): Promise<{ id: string }> {
  const applicationId = client.application?.id ?? client.user?.id ?? '';
  return (await client.rest.get(Routes.webhookMessage(applicationId, token, '@original'), {
    auth: false,
  })) as { id: string };
}
