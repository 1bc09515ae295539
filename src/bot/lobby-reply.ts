import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  Message,
  MessageComponentInteraction,
} from 'discord.js';
import { gameTitle } from './game-words';
import type { AnyGameModule } from '../games/contract';
import type { GameInfo } from '../service/index';
import type { BotContext } from './context';
import { languageOfLocale, replyWords } from '../i18n/index';
import { lobbyPayload } from './views';
import { postNonce } from './publishing/outbox-relay';
import { seatRecordFor, sendSeatRecord } from './seat-record';
import { keepToken } from './publishing/token-capture';

/**
 * Answers with a new lobby's message and records it as the game's message. The interaction's token is written
 * down first, so that after a crash between the reply and the record the bot finds the reply again. When the
 * reply fails the lobby is cancelled: nobody could see or join it. The seated host then gets their private
 * record of the commitment and their value.
 */
export async function replyWithLobby(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  lobby: GameInfo,
): Promise<void> {
  if (interaction.isChatInputCommand() && interaction.deferred && interaction.ephemeral)
    return postLobbyAfterPrivateDeferral(interaction, context, module, lobby);
  const outbox = context.service.outbox;
  const entry = await outbox.beginReply(lobby.id, lobby.channelId, interaction.token);
  try {
    // A public deferral (the bot joined the thread first) becomes the lobby itself.
    const message =
      interaction.isChatInputCommand() && interaction.deferred
        ? await interaction.editReply(lobbyPayload(module, lobby))
        : (await interaction.reply({ ...lobbyPayload(module, lobby), withResponse: true })).resource?.message;
    if (message) await outbox.posted(entry, message.id);
    // The lobby (and the board it becomes) is this reply: its token edits it for the next 14 minutes.
    if (message) keepToken(context.service.tokens, context.logger, lobby.id, interaction, message.id);
  } catch (error) {
    await outbox.clear(entry);
    await context.service.cancel(lobby.id, interaction.user.id, { moderator: true });
    throw error;
  }
  // The seated host's own record of the commitment and their value (docs/fairness.md).
  await sendSeatRecord(interaction, context, module, lobby);
}

/**
 * A press on a lobby message the bot never recorded (a crash cut its reply off before the record): the bot's
 * own message with this game's lobby buttons becomes the lobby's message before the press is handled, so the
 * board is drawn on it and no second lobby is posted beside it.
 */
export async function adoptPressedLobby(
  context: BotContext,
  interaction: MessageComponentInteraction,
  gameId: string,
): Promise<void> {
  const game = await context.service.getGame(gameId);
  if (!game || game.status !== 'lobby' || game.boardMessageId !== null) return;
  const message = interaction.message;
  if (game.channelId !== interaction.channelId || message.author.id !== interaction.client.user.id) return;
  // The message itself must carry the game's lobby buttons (a forged id may come from any message of the bot).
  if (!JSON.stringify(message.components).includes(`:lobby:${gameId}:`)) return;
  await context.service.outbox.adoptReply(gameId, message.id);
}

/**
 * The command was deferred privately (a check that could have refused it asked Discord first): the lobby is
 * posted in the channel, with its nonce written down first like every post, and the private answer links it.
 */
async function postLobbyAfterPrivateDeferral(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
  lobby: GameInfo,
): Promise<void> {
  const outbox = context.service.outbox;
  const nonce = postNonce('board', lobby.id, lobby.version);
  const entry = await outbox.beginPost(lobby.id, lobby.channelId, 'board', nonce);
  let message: Message;
  try {
    const channel = await interaction.client.channels.fetch(lobby.channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${lobby.channelId} cannot receive messages`);
    message = await channel.send({ ...lobbyPayload(module, lobby), nonce, enforceNonce: true });
  } catch (error) {
    await outbox.clear(entry);
    await context.service.cancel(lobby.id, interaction.user.id, { moderator: true });
    throw error;
  }
  await outbox.posted(entry, message.id);
  const language = languageOfLocale(interaction.locale);
  const opened = replyWords(language)('confirm.lobbyOpen', {
    title: gameTitle(module, language),
    link: message.url,
  });
  const record = seatRecordFor(interaction, module, lobby);
  await interaction.editReply({
    content: record ? `${opened}\n${record}` : opened,
    allowedMentions: { parse: [] },
  });
}
