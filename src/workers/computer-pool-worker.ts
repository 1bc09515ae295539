/** The computer players' worker: searches, and games' tools, away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { serveComputerRequest } from './computer-pool';

serveTasks(serveComputerRequest);
