import type { ButtonInteraction, ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { GameRecord } from '../store/index';
import type { BotContext } from './context';
import { lobbyPayload } from './views';

/**
 * Answers with a new lobby's message and records it as the game's message. The interaction's token is written
 * down first, so that after a crash between the reply and the record the bot finds the reply again. When the
 * reply fails the lobby is cancelled: nobody could see or join it.
 */
export async function replyWithLobby(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  lobby: GameRecord,
): Promise<void> {
  const ledger = context.service.messages;
  const entry = ledger.beginReply(lobby.id, lobby.channelId, interaction.token);
  try {
    const response = await interaction.reply({ ...lobbyPayload(module, lobby), withResponse: true });
    const message = response.resource?.message;
    if (message) ledger.posted(entry, message.id);
  } catch (error) {
    ledger.clear(entry);
    context.service.cancel(lobby.id, interaction.user.id, { moderator: true });
    throw error;
  }
}

/**
 * A press on a lobby message the bot never recorded (a crash cut its reply off before the record): the bot's
 * own message with this game's lobby buttons becomes the lobby's message before the press is handled, so the
 * board is drawn on it and no second lobby is posted beside it.
 */
export function adoptPressedLobby(
  context: BotContext,
  interaction: MessageComponentInteraction,
  gameId: string,
): void {
  const game = context.service.getGame(gameId);
  if (!game || game.status !== 'lobby' || game.boardMessageId !== null) return;
  const message = interaction.message;
  if (game.channelId !== interaction.channelId || message.author.id !== interaction.client.user.id) return;
  // The message itself must carry the game's lobby buttons (a forged id may come from any message of the bot).
  if (!JSON.stringify(message.components).includes(`:lobby:${gameId}:`)) return;
  context.service.messages.adoptReply(gameId, message.id);
}
