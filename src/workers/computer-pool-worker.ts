/** The computer players' worker: searches, and games' tools, away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { serveComputerRequest, type ComputerRequest } from './computer-pool';
import { workerGames } from './worker-games';

const games = workerGames();
serveTasks(async (request: ComputerRequest) => serveComputerRequest(request, await games));
