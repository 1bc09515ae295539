/**
 * Hedgehogs in a Hurry's figures: decision times per level (4 seats), engine speed, render time per image.
 *
 *   npm run bench:hedgehogs [-- --games 200]
 */
import { COMPUTER_LEVELS, chooseAction } from '../src/games/hedgehogs/computer/index';
import { hedgehogsRenderer } from '../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../src/games/hedgehogs/rules/index';
import type { GameState } from '../src/games/hedgehogs/rules/types';
import { seedRng } from '../src/games/kit/random';
import { percentile } from './tournaments/statistics';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:hedgehogs [-- --games 200]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' } } });
const games = numberOption(USAGE, 'games', values.games, 200, { min: 1 });
/** Each image's renders grow with --games up to 30 (a short run stays short). */
const RENDER_RUNS = Math.min(30, games);

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

for (const level of COMPUTER_LEVELS) {
  const times: number[] = [];
  let actions = 0;
  const [, wallMs] = timed(() => {
    for (let game = 0; game < games; game++) {
      const rng = seedRng(`bench:${level}:${game}`);
      let state = createGame({ seats: 4, seed: `bench:${game}` });
      while (state.phase !== 'over') {
        const [action, ms] = timed(() => chooseAction(state, level, rng));
        times.push(ms);
        state = applyAction(state, action).state;
        actions++;
      }
    }
  });
  times.sort((a, b) => a - b);
  console.log(
    `decision ${level.padEnd(8)} p50 ${percentile(times, 0.5).toFixed(3)} ms  p95 ${percentile(times, 0.95).toFixed(3)} ms  max ${times.at(-1)!.toFixed(1)} ms; ${Math.round((actions / wallMs) * 1000).toLocaleString('en-US')} actions/s with this player`,
  );
}

function playTo(steps: number): GameState {
  const rng = seedRng('render');
  let state = createGame({ seats: 6, seed: 'render' });
  for (let i = 0; i < steps && state.phase !== 'over'; i++)
    state = applyAction(state, chooseAction(state, 'advanced', rng)).state;
  return state;
}

function median(work: () => unknown): number {
  return percentile(
    Array.from({ length: RENDER_RUNS }, () => timed(work)[1]).sort((a, b) => a - b),
    0.5,
  );
}

const seats = Array.from({ length: 6 }, (_, i) => ({
  name: `Player ${i + 1}`,
  kind: i ? 'advanced' : 'human',
}));
const middle = playTo(120);
const end = playTo(100_000);
const boardMs = median(() =>
  hedgehogsRenderer.board({ state: middle, seats, recentEvents: [], viewerSeat: null }),
);
const summaryMs = median(() => hedgehogsRenderer.summary({ state: end, seats, stoppedBy: null }));
console.log(
  `render board (6 seats): ${boardMs.toFixed(1)} ms · summary: ${summaryMs.toFixed(1)} ms (median of ${RENDER_RUNS})`,
);
