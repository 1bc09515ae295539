/**
 * Private controls (GameControls.privateFor): when a game's controls would tell the table a secret of the mover
 * (Hare's costs give away its carrots), the board shows one **Choose your move** button; pressed by the seat to
 * act, it opens the real controls in a private reply, drawn from that seat's own view. A choice there plays the
 * action as the board's controls do (version-checked), and the public board follows by an edit.
 */
import { MessageFlags, type ButtonInteraction, type MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { seatView, ServiceError, textContext } from '../service/index';
import { languageOfLocale, replyWords } from '../i18n/index';
import type { BotContext } from './context';
import { turnComponents } from './controls';
import { requireMover, requireRunningGameHere } from './preconditions';
import { userRefusal } from './respond';
import { keepToken } from './publishing/token-capture';

/** The presses answered with private controls (removed once a move is chosen from them: they bury no board). */
const openedControls = new WeakSet<MessageComponentInteraction>();

/** Whether the interaction was answered with the mover's private controls. */
export function openedPrivateControls(interaction: MessageComponentInteraction): boolean {
  return openedControls.has(interaction);
}

/** The board's Choose your move: the mover's controls in a private reply, with their own hand above them. */
export async function openPrivateControls(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
  version: number,
): Promise<void> {
  const game = await requireRunningGameHere(context, interaction, module, gameId);
  const seat = requireMover(module, game, interaction.user.id);
  if (game.version !== version) throw new ServiceError('stale_version', 'the game has moved on');
  const view = seatView(game.state, seat.index);
  const language = languageOfLocale(interaction.locale);
  const hand = module.texts.hand(view, seat.index, { ...textContext(game, seat.index), language });
  const ask = replyWords(language)('confirm.chooseMove', { name: seat.name });
  await interaction.reply({
    content: `${ask}\n${hand}`.slice(0, 2000),
    components: turnComponents(module, game, view, seat, 'private', language),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  openedControls.add(interaction);
}

/**
 * A choice in the private reply: played as the board's controls play it (refused when the game moved on since
 * the reply was drawn); the private reply then goes, so that the board, redrawn with the move, is the last thing
 * the mover sees (no "Played" note piles up under it).
 */
export async function playFromPrivateControls(
  interaction: MessageComponentInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
  version: number,
  token: string,
): Promise<void> {
  // Sent from a private reply (requireClickOrigin).
  await requireRunningGameHere(context, interaction, module, gameId);
  const action = module.controls.decode(token);
  if (action === null) throw userRefusal('bot.notAChoice');
  await context.service.act(gameId, interaction.user.id, action, version);
  await interaction.deferUpdate();
  // Its original response is the private reply, but its follow-ups show in the channel (a turn mention).
  keepToken(context.service.tokens, context.logger, gameId, interaction, null);
  try {
    await interaction.deleteReply();
  } catch (error) {
    // Dismissed by the player already: nothing is left under the board.
    context.logger.debug(`could not remove the private controls of ${interaction.id}`, error);
  }
}
