/** The computer players' worker: searches, and games' tools, away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { COMPUTER_WORKER_NICENESS, lowerThreadPriority } from './thread-priority';
import { serveComputerRequest, type ComputerRequest } from './computer-pool';
import { workerGames } from './worker-games';

// Thinking yields the CPU to the main thread, which answers Discord (./thread-priority.ts).
lowerThreadPriority(COMPUTER_WORKER_NICENESS);
const games = workerGames();
serveTasks(async (request: ComputerRequest) => serveComputerRequest(request, await games));
