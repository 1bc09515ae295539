/** The game a subcommand is about: the channel's open game of the command's kind, and the values typed. */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { AnyGameModule, OptionSpec } from '../games/contract';
import { slashCommand } from '../games/index';
import type { GameInfo } from '../service/index';
import type { BotContext } from './context';
import { gameTitle } from './game-words';
import type { GivenValues, RunningGame } from './play-command';
import { UserFacingError, userRefusal } from './respond';
import type { Language } from '../i18n/index';

/** The handler of one subcommand of a game's slash command. */
export type Handler = (
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
) => Promise<void>;

/** The options of `specs` the interaction carries, as Discord gave them. */
export function givenValues(
  interaction: ChatInputCommandInteraction,
  specs: readonly OptionSpec[],
): GivenValues {
  return Object.fromEntries(specs.map((spec) => [spec.name, interaction.options.get(spec.name)?.value]));
}

/** The open game of the channel, refused when it is another game than the command's. */
export async function channelGame(
  interaction: { channelId: string | null },
  context: BotContext,
  module: AnyGameModule,
): Promise<GameInfo> {
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  if (!game)
    throw userRefusal('bot.noGameHere', (language) => ({ game: slashCommand(module, language, 'start') }));
  if (game.gameKey !== module.key) {
    const other = context.service.games.get(game.gameKey);
    throw userRefusal('bot.otherGame', (language) => ({
      title: other ? gameTitle(other, language) : game.gameKey,
      game: other ? slashCommand(other, language) : `/${game.gameKey}`,
    }));
  }
  return game;
}

/** The link to the game's lobby or board message, when it is known. */
export function messageLink(game: GameInfo): string | null {
  return game.boardMessageId
    ? `https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`
    : null;
}

export async function runningGame(
  interaction: { channelId: string | null },
  context: BotContext,
  module: AnyGameModule,
): Promise<RunningGame> {
  const game = await channelGame(interaction, context, module);
  if (game.status !== 'active' || game.state === null) {
    const link = messageLink(game);
    throw link ? userRefusal('bot.notStartedLink', { link }) : userRefusal('bot.notStartedAbove');
  }
  return game as RunningGame;
}

/** Why no lobby opens: the channel's open game, with a link to its lobby or board (not to another command). */
export function channelBusy(context: BotContext, game: GameInfo): UserFacingError {
  const module = context.service.games.get(game.gameKey);
  const link = messageLink(game) ?? '';
  const values = (language: Language) => ({
    title: module ? gameTitle(module, language) : game.gameKey,
    link,
    game: module ? slashCommand(module, language, 'end') : `/${game.gameKey} end`,
  });
  if (game.status === 'lobby') return userRefusal(link ? 'bot.busyLobbyLink' : 'bot.busyLobbyAbove', values);
  return userRefusal(link ? 'bot.busyGameLink' : 'bot.busyGame', values);
}
