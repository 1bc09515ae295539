/**
 * Greed's figures: the expert's table build, decision times per level, engine speed, and the render time of
 * each image.
 *
 *   npm run bench:greed [-- --games 300]
 */
import { COMPUTER_LEVELS, chooseAction } from '../src/games/greed/computer/index';
import { greedRenderer } from '../src/games/greed/render/index';
import { applyAction, createGame } from '../src/games/greed/rules/index';
import type { GameEvent, GameState } from '../src/games/greed/rules/types';
import { percentile } from './tournaments/statistics';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:greed [-- --games 300]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' } } });
const games = numberOption(USAGE, 'games', values.games, 300, { min: 1 });
/** The engine's games and each image's renders grow with --games up to their full size (a short run stays short). */
const ENGINE_GAMES = Math.min(2000, games * 10);
const RENDER_RUNS = Math.min(30, games);

function timeIt<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

const [, buildMs] = timeIt(() =>
  chooseAction(
    { ...createGame({ seats: 2, seed: 'warm' }), rolled: true, turnTotal: 50, diceInCup: 4 },
    'expert',
  ),
);
console.log(
  `expert's first decision with the default options (loads the shipped race table): ${buildMs.toFixed(0)} ms`,
);
const [, otherMs] = timeIt(() =>
  chooseAction(
    {
      ...createGame({ seats: 2, seed: 'warm', options: { target: 4000 } }),
      rolled: true,
      turnTotal: 50,
      diceInCup: 4,
    },
    'expert',
  ),
);
console.log(
  `expert's first decision with other options (target 4000: builds its race table): ${otherMs.toFixed(0)} ms`,
);

for (const level of COMPUTER_LEVELS) {
  const times: number[] = [];
  for (let game = 0; game < games; game++) {
    let state = createGame({ seats: 4, seed: `bench:${level}:${game}` });
    while (!state.over) {
      const [action, ms] = timeIt(() => chooseAction(state, level));
      times.push(ms);
      state = applyAction(state, action).state;
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `decision ${level.padEnd(8)} p50 ${percentile(times, 0.5).toFixed(3)} ms  p95 ${percentile(times, 0.95).toFixed(3)} ms  (${times.length} decisions, 4 seats)`,
  );
}

const [actions, engineMs] = timeIt(() => {
  let count = 0;
  for (let game = 0; game < ENGINE_GAMES; game++) {
    let state = createGame({ seats: 4, seed: `engine:${game}` });
    while (!state.over) {
      state = applyAction(state, chooseAction(state, 'steady')).state;
      count++;
    }
  }
  return count;
});
console.log(
  `engine with steady players: ${Math.round((actions / engineMs) * 1000).toLocaleString('en-US')} actions/s`,
);

function midGame(seats: number): { state: GameState; events: GameEvent[] } {
  let state = createGame({ seats, seed: 'render' });
  let events: GameEvent[] = [];
  for (let i = 0; i < 40 && !state.over; i++)
    ({ state, events } = applyAction(state, chooseAction(state, 'steady')));
  return { state, events };
}

function median(work: () => unknown, runs = RENDER_RUNS): number {
  const times = Array.from({ length: runs }, () => timeIt(work)[1]).sort((a, b) => a - b);
  return percentile(times, 0.5);
}

const seats = Array.from({ length: 6 }, (_, i) => ({
  name: `Player ${i + 1}`,
  kind: i ? 'steady' : 'human',
}));
const { state, events } = midGame(6);
const boardMs = median(() => greedRenderer.board({ state, seats, recentEvents: events, viewerSeat: null }));
let finished = createGame({ seats: 6, seed: 'render-summary' });
while (!finished.over) finished = applyAction(finished, chooseAction(finished, 'steady')).state;
const summaryMs = median(() => greedRenderer.summary({ state: finished, seats, stoppedBy: null }));
console.log(
  `render table (6 seats): ${boardMs.toFixed(1)} ms · summary: ${summaryMs.toFixed(1)} ms (median of ${RENDER_RUNS})`,
);
