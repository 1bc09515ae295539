/** The render pool's worker: draws and encodes images away from the bot's main thread. */
import { serveTasks } from './task-pool';
import { RENDER_WORKER_NICENESS, lowerThreadPriority } from './thread-priority';
import {
  ANSWER_QUIET_MS,
  TURNS_PER_QUIET,
  preloadRenderers,
  renderRequest,
  type RenderRequest,
} from './render-pool';
import { workerGames } from './worker-games';

// Drawing yields the CPU to the main thread, which answers Discord (./thread-priority.ts).
lowerThreadPriority(RENDER_WORKER_NICENESS);
const games = workerGames();
serveTasks(async (request: RenderRequest) => renderRequest(request, await games), {
  quietAfterAnswerMs: ANSWER_QUIET_MS,
  turnsPerQuiet: TURNS_PER_QUIET,
});
// The first image after a (re)start should not wait for the renderers to load; a renderer that fails to load
// is reported by the requests that need it.
games.then((registry) => preloadRenderers(registry)).catch(() => undefined);
