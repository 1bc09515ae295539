import type { ButtonInteraction, MessageComponentInteraction } from 'discord.js';
import type { Action } from '../games/hare/rules/index';
import type { GameRecord } from '../store/index';
import type { BotContext } from './context';
import { decodeAction, decodeComponentId, type LobbyButton } from './custom-ids';
import { answerSafely, replyPrivately, UserFacingError } from './respond';
import { closedLobbyPayload, lobbyPayload } from './views';

function lobbyGame(context: BotContext, gameId: string): GameRecord {
  const game = context.service.getGame(gameId);
  if (!game) throw new UserFacingError('This game no longer exists.');
  if (game.status !== 'lobby')
    throw new UserFacingError('This lobby is closed: the game has started or was cancelled.');
  return game;
}

async function pressLobbyButton(
  interaction: ButtonInteraction,
  context: BotContext,
  button: LobbyButton,
  gameId: string,
): Promise<void> {
  const game = lobbyGame(context, gameId);
  const user = { id: interaction.user.id, name: interaction.user.displayName };
  const moderator = interaction.memberPermissions?.has('ManageMessages') ?? false;
  switch (button) {
    case 'join':
      return void (await interaction.update(
        lobbyPayload(context.service.join(game.id, user), game.options.computerLevel),
      ));
    case 'leave': {
      const updated = context.service.leave(game.id, user.id);
      const payload =
        updated.status === 'lobby'
          ? lobbyPayload(updated, updated.options.computerLevel)
          : closedLobbyPayload(updated, 'The lobby was closed: everyone left.');
      return void (await interaction.update(payload));
    }
    case 'add-computer':
      return void (await interaction.update(
        lobbyPayload(context.service.addComputer(game.id, user.id), game.options.computerLevel),
      ));
    case 'start':
      context.service.startGame(game.id, user.id);
      return void (await interaction.deferUpdate());
    case 'cancel':
      context.service.cancel(game.id, user.id, { moderator });
      return void (await interaction.update(closedLobbyPayload(game, `Cancelled by <@${user.id}>.`)));
  }
}

/** A move chosen under the board; the board itself is redrawn by the board publisher. */
async function playFromBoard(
  interaction: MessageComponentInteraction,
  context: BotContext,
  gameId: string,
  version: number,
  action: Action | null,
): Promise<void> {
  if (!action) throw new UserFacingError('That choice is not a move of this game.');
  context.service.act(gameId, interaction.user.id, action, version);
  await interaction.deferUpdate();
}

export async function handleComponent(
  interaction: MessageComponentInteraction,
  context: BotContext,
): Promise<void> {
  await answerSafely(interaction, context.logger, async () => {
    const id = decodeComponentId(interaction.customId);
    if (!id)
      throw new UserFacingError('This control belongs to an older version of the bot; use `/hare status`.');
    if (id.kind === 'lobby' && interaction.isButton())
      return pressLobbyButton(interaction, context, id.button, id.gameId);
    if (id.kind === 'act') return playFromBoard(interaction, context, id.gameId, id.version, id.action);
    if (id.kind === 'select' && interaction.isStringSelectMenu())
      return playFromBoard(
        interaction,
        context,
        id.gameId,
        id.version,
        decodeAction(interaction.values[0] ?? ''),
      );
    await replyPrivately(interaction, 'This control is not supported.');
  });
}
