/**
 * Private controls (GameControls.privateFor): when a game's controls would tell the table a secret of the mover
 * (Hare's costs give away its carrots), the board shows one **Choose your move** button; pressed by the seat to
 * act, it opens the real controls in a private reply, drawn from that seat's own view. A choice there plays the
 * action as the board's controls do (version-checked), and the public board follows by an edit.
 */
import { MessageFlags, type ButtonInteraction, type MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule, Control } from '../games/contract';
import { NOT_SEATED, notYourTurn, sentence, ServiceError, stateSeenBy, textContext } from '../service/index';
import type { GameRecord } from '../store/index';
import type { BotContext } from './context';
import { turnComponents } from './controls';
import { UserFacingError } from './respond';

async function runningGame(
  context: BotContext,
  interaction: MessageComponentInteraction,
  module: AnyGameModule,
  gameId: string,
): Promise<GameRecord & { state: unknown }> {
  const game = await context.service.getGame(gameId);
  if (!game || game.gameKey !== module.key || game.channelId !== interaction.channelId)
    throw new UserFacingError('This control does not belong to a game in this channel.');
  if (game.status !== 'active' || game.state === null) throw new UserFacingError('This game is over.');
  return game as GameRecord & { state: unknown };
}

/** The presser's seat, when it is the one to act (the same refusals as a move made by them otherwise). */
function moverSeat(module: AnyGameModule, game: GameRecord & { state: unknown }, userId: string) {
  const seat = game.seats.find((candidate) => candidate.kind === 'human' && candidate.userId === userId);
  if (!seat || seat.left) throw new UserFacingError(sentence(NOT_SEATED));
  const current = module.rules.currentSeat(game.state);
  if (current !== seat.index)
    throw new UserFacingError(sentence(notYourTurn(current === null ? 'nobody' : game.seats[current]!.name)));
  return seat;
}

/** The board's Choose your move: the mover's controls in a private reply, with their own hand above them. */
export async function openPrivateControls(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
  version: number,
): Promise<void> {
  const game = await runningGame(context, interaction, module, gameId);
  const seat = moverSeat(module, game, interaction.user.id);
  if (game.version !== version) throw new ServiceError('stale_version', 'the game has moved on');
  const view = stateSeenBy(module, game, game.state, seat.index);
  const hand = module.texts.hand(view, seat.index, textContext(game, seat.index));
  await interaction.reply({
    content: `**${seat.name}**, choose your move (only you can see these controls):\n${hand}`.slice(0, 2000),
    components: turnComponents(module, game, view, seat, 'private'),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** The label the mover chose (the button's, or the menu option's), from the controls they were shown. */
function chosenLabel(module: AnyGameModule, view: unknown, seat: number, token: string): string | null {
  const controls: Control<unknown>[] = module.controls.rows(view, seat).flat();
  for (const control of controls) {
    if (control.kind === 'button' && module.controls.encode(control.action) === token) return control.label;
    if (control.kind === 'select') {
      const option = control.options.find((candidate) => module.controls.encode(candidate.action) === token);
      if (option) return option.label;
    }
  }
  return null;
}

/**
 * A choice in the private reply: played as the board's controls play it (refused when the game moved on since
 * the reply was drawn); the reply then says what was played and keeps no controls.
 */
export async function playFromPrivateControls(
  interaction: MessageComponentInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
  version: number,
  token: string,
): Promise<void> {
  if (!interaction.message.flags.has(MessageFlags.Ephemeral))
    throw new UserFacingError('This control works only on the private message it came with.');
  const game = await runningGame(context, interaction, module, gameId);
  const action = module.controls.decode(token);
  if (action === null) throw new UserFacingError('That choice is not a move of this game.');
  const seat = game.seats.find(
    (candidate) => candidate.kind === 'human' && candidate.userId === interaction.user.id,
  );
  const label =
    seat && game.version === version
      ? chosenLabel(module, stateSeenBy(module, game, game.state, seat.index), seat.index, token)
      : null;
  await context.service.act(gameId, interaction.user.id, action, version);
  await interaction.update({
    content: label ? `Played: **${label}**.` : 'Played.',
    components: [],
    allowedMentions: { parse: [] },
  });
}
