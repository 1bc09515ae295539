/** The registry of every game the bot hosts. Adding a game: its module folder and one line here. */
import { candylandModule } from './candyland/index';
import { greedModule } from './greed/index';
import { hareModule } from './hare/index';
import { hedgehogsModule } from './hedgehogs/index';
import { createRegistry } from './registry';

export const GAMES = createRegistry([hareModule, greedModule, candylandModule, hedgehogsModule]);

export { createRegistry, type GameRegistry } from './registry';
export type * from './contract';
export { PLATFORM_SUBCOMMANDS, type PlatformSubcommand } from './module-check';
export {
  commandWords,
  slashCommand,
  type CommandWords,
  type OptionWords,
  type SubcommandWords,
  type Words,
} from './command-words';
