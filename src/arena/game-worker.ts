/** An arena worker thread: plays the games it is sent, one at a time, and answers each one's result. */
import { serveTasks } from '../workers/task-pool';
import { runSpec } from './run-game';
import type { GameSpec } from './match';

serveTasks((spec: GameSpec) => runSpec(spec));
