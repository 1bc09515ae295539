/** The handlers of a game's slash command: the platform's subcommands, the game's play commands and tools. */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { PlatformSubcommand } from '../games/index';
import { showHistory } from './archive-handlers';
import type { Handler } from './channel-game';
import type { BotContext } from './context';
import { verifyCommand } from './fairness-handlers';
import { playHandler, toolHandler } from './game-subcommands';
import { end, join, leave, start } from './lobby-commands';
import { requireSimulationAllowance } from './preconditions';
import { hand, log, rules, status } from './reading-commands';
import { answerSafely, userRefusal } from './respond';
import { leaderboard, stats } from './stats-commands';
import { startTournament } from './tournament';

export { handleGameAutocomplete } from './command-autocomplete';

const PLATFORM_HANDLERS: Record<PlatformSubcommand, Handler> = {
  start,
  join,
  status,
  hand,
  log,
  rules,
  leave,
  end,
  stats,
  leaderboard,
  history: showHistory,
  verify: verifyCommand,
  tournament: startTournament,
};

function handlerOf(module: AnyGameModule, name: string): Handler | undefined {
  const play = module.commands.find((command) => command.name === name);
  if (play) return playHandler(play);
  const tool = module.tools?.find((candidate) => candidate.name === name);
  if (tool) return toolHandler(tool);
  return (PLATFORM_HANDLERS as Record<string, Handler | undefined>)[name];
}

export async function handleGameCommand(
  module: AnyGameModule,
  interaction: ChatInputCommandInteraction,
  context: BotContext,
): Promise<void> {
  await answerSafely(interaction, context.logger, async () => {
    const name = interaction.options.getSubcommand();
    const handler = handlerOf(module, name);
    if (!handler) throw userRefusal('bot.unknownSubcommand');
    if (module.tools?.some((tool) => tool.name === name))
      requireSimulationAllowance(context, interaction.user.id);
    await handler(interaction, context, module);
  });
}
