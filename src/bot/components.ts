import type { ButtonInteraction, MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { isServiceError } from '../service/index';
import type { BotContext } from './context';
import { decodeComponentId, type ComponentId, type LobbyButton } from './custom-ids';
import { pressFinishedButton, showHistorySummary, stepReplay, turnHistoryPage } from './archive-handlers';
import { showHand } from './hand-reply';
import { adoptPressedLobby } from './lobby-reply';
import { openPrivateControls, playFromPrivateControls } from './private-controls';
import { requireClickOrigin, requireOpenLobby } from './preconditions';
import { answerSafely, replyPrivately, userRefusal } from './respond';
import { languageOfLocale, replyWords } from '../i18n/index';
import { closedLobbyPayload, lobbyPayload } from './views';
import { abandonedLobbyText, cancelledLobbyText } from './lobby-expiry-notes';
import { sendSeatRecord } from './seat-record';
import { withComputerPicker } from './program-picker';

async function pressLobbyButton(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  button: LobbyButton,
  gameId: string,
): Promise<void> {
  const game = await requireOpenLobby(context, gameId);
  const user = { id: interaction.user.id, name: interaction.user.displayName };
  const moderator = interaction.memberPermissions?.has('ManageMessages') ?? false;
  switch (button) {
    case 'join': {
      const joined = await context.service.join(game.id, user);
      await interaction.update(lobbyPayload(module, joined));
      // The seat's value is drawn: the full commitment and that value, privately, to keep (docs/fairness.md).
      return sendSeatRecord(interaction, context, module, joined);
    }
    case 'leave': {
      const updated = await context.service.leave(game.id, user.id);
      if (updated.status === 'lobby') return void (await interaction.update(lobbyPayload(module, updated)));
      await interaction.update(closedLobbyPayload(module, updated, abandonedLobbyText(updated)));
      return context.service.outbox.settle(game.id);
    }
    case 'add-computer': {
      // With programs of the server connected, the host chooses from a menu (built-in levels and programs).
      const programs = context.service.connectedPrograms(game.guildId);
      if (programs.length > 0 && game.hostId === user.id && game.seats.length < game.options.seats)
        return void (await interaction.update(
          withComputerPicker(lobbyPayload(module, game), module, game, programs),
        ));
      return void (await interaction.update(
        lobbyPayload(module, await context.service.addComputer(game.id, user.id)),
      ));
    }
    case 'pick-computer':
      return;
    case 'remove-computer':
      return void (await interaction.update(
        lobbyPayload(module, await context.service.removeComputer(game.id, user.id)),
      ));
    case 'start':
      await context.service.startGame(game.id, user.id);
      return context.answerMoveWith(game.id, interaction);
    case 'cancel':
      await context.service.cancel(game.id, user.id, { moderator, name: user.name });
      await interaction.update(closedLobbyPayload(module, game, cancelledLobbyText(game, user.id)));
      return context.service.outbox.settle(game.id);
  }
}

/** A move chosen under the board; the board publisher answers the click with the redrawn board. */
async function playFromBoard(
  interaction: MessageComponentInteraction,
  context: BotContext,
  gameId: string,
  version: number,
  action: unknown,
): Promise<void> {
  if (action === null) throw userRefusal('bot.notAChoice');
  const user = interaction.user.id;
  const takeBack = context.recentClicks.note(user, gameId, version);
  try {
    await context.service.act(gameId, user, action, version);
  } catch (error) {
    // A double click: the first click of the two played the move, the other is answered without a word.
    const stale = isServiceError(error) && error.code === 'stale_version';
    const repeated = stale && context.recentClicks.isRepeated(user, gameId, version);
    takeBack();
    if (repeated) return void (await interaction.deferUpdate());
    // The board message itself still carries the clicked controls: an out-of-order edit left it showing an older
    // version, and there is no later board to point the player to. It is redrawn as the click's answer.
    if (stale && carriesControl(interaction) && (await context.refreshBoardFor(gameId, interaction))) return;
    throw error;
  }
  context.answerMoveWith(gameId, interaction, version);
}

/**
 * Whether the clicked message, as Discord has it now, still shows the clicked control (a player whose client
 * showed an older revision of an updated board clicked a control the message no longer has).
 */
function carriesControl(interaction: MessageComponentInteraction): boolean {
  return interaction.message.components.some(
    (row) =>
      'components' in row &&
      row.components.some(
        (component) => 'customId' in component && component.customId === interaction.customId,
      ),
  );
}

/** The game module the id names (a forged id cannot reach another game's code). */
function moduleNamed(context: BotContext, gameKey: string): AnyGameModule {
  const module = context.service.games.get(gameKey);
  if (!module) throw userRefusal('bot.notHere');
  return module;
}

async function route(
  interaction: MessageComponentInteraction,
  context: BotContext,
  id: ComponentId,
): Promise<void> {
  const module = moduleNamed(context, id.gameKey);
  // A lobby message the bot never recorded (a crash) becomes the game's message before the press is checked.
  if (id.kind === 'lobby') await adoptPressedLobby(context, interaction, id.gameId);
  await requireClickOrigin(context, interaction, id);
  switch (id.kind) {
    case 'lobby':
      if (interaction.isButton()) return pressLobbyButton(interaction, context, module, id.button, id.gameId);
      if (interaction.isStringSelectMenu() && id.button === 'pick-computer') {
        const game = await requireOpenLobby(context, id.gameId);
        const added = await context.service.addComputer(game.id, interaction.user.id, interaction.values[0]);
        return void (await interaction.update(lobbyPayload(module, added)));
      }
      break;
    case 'act':
      return playFromBoard(interaction, context, id.gameId, id.version, module.controls.decode(id.token));
    case 'select':
      if (interaction.isStringSelectMenu()) {
        const action = module.controls.decode(interaction.values[0] ?? '');
        return playFromBoard(interaction, context, id.gameId, id.version, action);
      }
      break;
    case 'finished':
      if (interaction.isButton())
        return pressFinishedButton(interaction, context, module, id.button, id.gameId);
      break;
    case 'replay':
      if (interaction.isButton()) return stepReplay(interaction, context, module, id.gameId, id.step);
      break;
    case 'history':
      if (interaction.isButton()) return turnHistoryPage(interaction, context, module, id.userId, id.page);
      break;
    case 'history-pick':
      if (interaction.isStringSelectMenu()) return showHistorySummary(interaction, context, module);
      break;
    case 'hand':
      if (interaction.isButton()) return showHand(interaction, context, module, id.gameId);
      break;
    case 'choose':
      if (interaction.isButton())
        return openPrivateControls(interaction, context, module, id.gameId, id.version);
      break;
    case 'private-act':
      return playFromPrivateControls(interaction, context, module, id.gameId, id.version, id.token);
    case 'private-select':
      if (interaction.isStringSelectMenu()) {
        const token = interaction.values[0] ?? '';
        return playFromPrivateControls(interaction, context, module, id.gameId, id.version, token);
      }
      break;
  }
  await replyPrivately(interaction, replyWords(languageOfLocale(interaction.locale))('bot.unsupported'));
}

export async function handleComponent(
  interaction: MessageComponentInteraction,
  context: BotContext,
): Promise<void> {
  await answerSafely(interaction, context.logger, async () => {
    const id = decodeComponentId(interaction.customId);
    if (!id) throw userRefusal('bot.olderVersion');
    await route(interaction, context, id);
  });
}
