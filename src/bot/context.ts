import type { AnyGameModule } from '../games/contract';
import type { Logger } from '../logger';
import type { GameService } from '../service/index';
import type { Renderer } from '../workers/render-pool';

/** What every command and component handler may use. */
export interface BotContext {
  service: GameService;
  renderer: Renderer;
  logger: Logger;
  /** The computer level of new lobbies: the configured one when the game has it, else the game's default. */
  defaultComputerLevel(module: AnyGameModule): string;
}
