/**
 * The cost of the summary's "how the game was won" (each seat's chance to win after every turn) per finished
 * game, for every game that draws it: games played to their end by computer players, the chances computed from
 * each final state as the render worker does, p50 and p95 per game and seat count, with the game's turns.
 *   npm run bench:winprob [-- --games 12]
 * Target: within 2 s of worker time for a 100-turn game (the summary is posted within 3 s of the last move).
 * Hedgehogs and Hare & Tortoise estimate by play-outs bounded in time (TIME_BOUND_MS in their win/story.ts):
 * the count of play-outs each game got is printed beside the times.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { candyStory } from '../src/games/candyland/win/story';
import { applyAction as candyApply, createGame as candyCreate } from '../src/games/candyland/rules/index';
import { chooseAction as greedChoose } from '../src/games/greed/computer/index';
import { applyAction as greedApply, createGame as greedCreate } from '../src/games/greed/rules/index';
import { greedStory } from '../src/games/greed/win/story';
import { chooseAction as hedgehogsChoose } from '../src/games/hedgehogs/computer/index';
import {
  applyAction as hedgehogsApply,
  createGame as hedgehogsCreate,
} from '../src/games/hedgehogs/rules/index';
import { hedgehogsStory } from '../src/games/hedgehogs/win/story';
import { chooseAction as hareChoose } from '../src/games/hare/computer/index';
import { applyAction as hareApply, createGame as hareCreate } from '../src/games/hare/rules/index';
import { hareStory } from '../src/games/hare/win/story';
import { seedRng } from '../src/games/kit/random';
import type { WinStory } from '../src/games/draw/win-story';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:winprob [-- --games 12]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' } } });
const GAMES = numberOption(USAGE, 'games', values.games, 12, { min: 1 });

interface Case {
  name: string;
  /** A finished game's state, and its story computed from it. */
  play(seed: string): () => WinStory | null;
}

/** Hedgehogs' seats: the advanced computer and novices, so that some choices differ from the expert's. */
const HEDGEHOGS_LEVELS = ['advanced', 'novice', 'advanced', 'novice', 'advanced', 'novice'];

const GREED_LEVELS = ['expert', 'steady', 'greedy', 'cautious', 'steady', 'greedy'];

function greedCase(seats: number): Case {
  return {
    name: `greed, ${seats} seats`,
    play(seed) {
      let state = greedCreate({ seats, seed });
      while (!state.over) state = greedApply(state, greedChoose(state, GREED_LEVELS[state.current]!)).state;
      return () => greedStory(state);
    },
  };
}

function candyCase(seats: number): Case {
  return {
    name: `candyland, ${seats} seats`,
    play(seed) {
      let state = candyCreate({ seats, seed });
      while (!state.over) state = candyApply(state, { type: 'draw' }).state;
      return () => candyStory(state);
    },
  };
}

function hedgehogsCase(seats: number): Case {
  return {
    name: `hedgehogs, ${seats} seats`,
    play(seed) {
      let state = hedgehogsCreate({ seats, seed, options: {} });
      const rng = seedRng(`${seed}:computer`);
      while (state.phase !== 'over')
        state = hedgehogsApply(state, hedgehogsChoose(state, HEDGEHOGS_LEVELS[state.current]!, rng)).state;
      return () => hedgehogsStory(state);
    },
  };
}

function hareCase(seats: number): Case {
  return {
    name: `hare, ${seats} seats`,
    play(seed) {
      let state = hareCreate({ rules: 'standard', seats, seed });
      const rng = seedRng(`${seed}:computer`);
      while (!state.over) state = hareApply(state, hareChoose(state, 'novice', rng)).state;
      return () => hareStory(state);
    },
  };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const cases = [
  greedCase(2),
  greedCase(4),
  greedCase(6),
  candyCase(4),
  hedgehogsCase(2),
  hedgehogsCase(4),
  hedgehogsCase(6),
  hareCase(2),
  hareCase(4),
  hareCase(6),
];
console.log(
  `win chances per finished game, ${GAMES} games each · ${cpus()[0]?.model ?? 'cpu'} · ` +
    `${availableParallelism()} cores · load ${loadavg()[0]!.toFixed(1)} · ${new Date().toISOString().slice(0, 10)}`,
);
for (const bench of cases) {
  const times: number[] = [];
  const turns: number[] = [];
  const playouts: number[] = [];
  for (let game = 0; game < GAMES; game++) {
    const story = bench.play(`bench-winprob:${game}`);
    const started = performance.now();
    const told = story();
    times.push(performance.now() - started);
    turns.push(told ? told.turns.length : 0);
    const count = told ? /by (\d+) play-outs/.exec(told.method) : null;
    if (count) playouts.push(Number(count[1]));
  }
  times.sort((a, b) => a - b);
  const meanTurns = turns.reduce((a, b) => a + b, 0) / turns.length;
  console.log(
    `${bench.name.padEnd(20)} turns mean ${meanTurns.toFixed(0).padStart(3)}, max ${String(Math.max(...turns)).padStart(3)} · ` +
      `p50 ${quantile(times, 0.5).toFixed(0).padStart(5)} ms · p95 ${quantile(times, 0.95).toFixed(0).padStart(5)} ms` +
      (playouts.length ? ` · play-outs a point ${Math.min(...playouts)}–${Math.max(...playouts)}` : ''),
  );
}
