/** The render pool's worker: draws and encodes images away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { renderRequest, type RenderRequest } from './render-pool';

serveTasks((request: RenderRequest) => renderRequest(request));
