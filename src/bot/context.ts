import type { AiLevel } from '../games/hare/computer/index';
import type { Logger } from '../logger';
import type { Renderer } from '../games/hare/render/index';
import type { GameService } from '../service/index';

/** What every command and component handler may use. */
export interface BotContext {
  service: GameService;
  renderer: Renderer;
  logger: Logger;
  defaultComputerLevel: AiLevel;
}
