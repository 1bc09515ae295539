/** The computer players' worker: searches away from the bot's main thread. */
import { serveTasks } from '../workers/task-pool';
import { chooseFromSeed } from './pool';

serveTasks(chooseFromSeed);
