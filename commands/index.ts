/**
 * Every slash command: one per registered game, generated from its module (src/bot/command-definition.ts)
 * and handled by the platform's handlers (src/bot/commands.ts). Adding a game adds its command here by itself.
 */
import type { Command } from '../src/bot/command';
import { buildGameCommand } from '../src/bot/command-definition';
import { handleGameAutocomplete, handleGameCommand } from '../src/bot/commands';
import type { AnyGameModule } from '../src/games/contract';
import { GAMES, type GameRegistry } from '../src/games/index';
import { arenaCommand } from '../src/bot/arena-command';

export function gameCommand(module: AnyGameModule): Command {
  return {
    data: buildGameCommand(module),
    execute: (interaction, context) => handleGameCommand(module, interaction, context),
    autocomplete: (interaction, context) => handleGameAutocomplete(module, interaction, context),
  };
}

export type { Command };
/** The commands of a set of games (tests register games of their own). */
export function commandsFor(games: GameRegistry): Command[] {
  return games.all.map(gameCommand);
}

/** Every game's command and `/arena` (outside programs' player tokens). */
export const commands: readonly Command[] = [...commandsFor(GAMES), arenaCommand];

export { arenaCommand };
