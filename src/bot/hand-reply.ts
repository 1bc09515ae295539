/** A player's private view of a running game (`hand`), as the answer to the My hand button under the board. */
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { seatView, textContext } from '../service/index';
import type { BotContext } from './context';
import { requireRunningGameHere, requireSeat } from './preconditions';
import { languageOfLocale } from '../i18n/index';
import { privateBoardFile } from './views';

/**
 * Answers privately with what `/<game> hand` shows (the hand's text and the seat's own board), for the seated
 * player who pressed it.
 */
export async function showHand(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
): Promise<void> {
  const game = await requireRunningGameHere(context, interaction, module, gameId);
  // The service's words for a user without a seat (the same refusal as a move by a watcher).
  const seat = requireSeat(game, interaction.user.id);
  const view = seatView(game.state, seat.index);
  const language = languageOfLocale(interaction.locale);
  const text = module.texts.hand(view, seat.index, { ...textContext(game, seat.index), language });
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: text.slice(0, 2000),
    files: [await privateBoardFile(module, game, game.state, seat.index, context.renderer, language)],
    allowedMentions: { parse: [] },
  });
}
