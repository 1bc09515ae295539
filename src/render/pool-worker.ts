/** The render pool's worker: draws and encodes images away from the bot's main thread. */
import { serveTasks } from '../workers/task-pool';
import { renderRequest } from './pool';

serveTasks(renderRequest);
