/** A player's private view of a running game (`hand`), as the answer to the My hand button under the board. */
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { stateSeenBy, textContext } from '../service/index';
import type { BotContext } from './context';
import { UserFacingError } from './respond';
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
  const game = await context.service.getGame(gameId);
  if (!game || game.gameKey !== module.key || game.channelId !== interaction.channelId)
    throw new UserFacingError('This control does not belong to a game in this channel.');
  if (game.status !== 'active' || game.state === null) throw new UserFacingError('This game is over.');
  const seat = game.seats.find(
    (candidate) => candidate.kind === 'human' && candidate.userId === interaction.user.id && !candidate.left,
  );
  // The service's words for a user without a seat (the same refusal as a move by a watcher).
  if (!seat) throw new UserFacingError('You are not playing in this game.');
  const view = stateSeenBy(module, game, game.state, seat.index);
  const text = module.texts.hand(view, seat.index, textContext(game, seat.index));
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: text.slice(0, 2000),
    files: [await privateBoardFile(module, game, game.state, seat.index, context.renderer)],
    allowedMentions: { parse: [] },
  });
}
