/** The computer players' worker: searches away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { chooseFromSeed } from './computer-pool';

serveTasks(chooseFromSeed);
