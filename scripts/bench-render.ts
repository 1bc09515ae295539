/**
 * Median time to draw and encode a board PNG and a summary PNG, with the file sizes.
 *   npm run bench:render [-- --runs 60]
 * Targets on the 2-core development machine: board <= 30 ms, summary <= 60 ms, files under 500 KB.
 * Wall-clock figures are noisy when other jobs share the machine; the process CPU time beside them is
 * steadier. Skia draws lazily: "draw" includes rasterising (forced by reading one pixel). Boards are drawn on
 * a kept canvas (scratchCanvas), as the renderers do.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Canvas } from '@napi-rs/canvas';
import { chooseAction } from '../src/games/hare/computer/index';
import {
  applyAction,
  createGame,
  seedRng,
  type GameEvent,
  type GameState,
} from '../src/games/hare/rules/index';
import {
  BOARD_WIDTH,
  boardHeight,
  drawBoard,
  drawSummary,
  encodeOpaquePng,
  renderBoard,
  renderSummary,
  type SeatDisplay,
} from '../src/games/hare/render/index';
import { scratchCanvas } from '../src/games/draw/scratch-canvas';
import { encodeBoardPng } from '../src/games/draw/board-png';
import { numberOption, parseArguments } from './args';

const SEATS: SeatDisplay[] = [
  { name: 'Ada Lovelace', kind: 'human' },
  { name: 'Bram', kind: 'novice' },
  { name: 'Cleo', kind: 'intermediate' },
  { name: 'Dario', kind: 'advanced' },
  { name: 'Eun-ji', kind: 'human' },
  { name: 'Farah', kind: 'novice' },
];

function playUntil(stop: (state: GameState) => boolean, turnLimit?: number) {
  let state = createGame({ rules: 'standard', seats: 6, seed: 'bench', turnLimit });
  const rng = seedRng('bench:ai');
  const events: GameEvent[][] = [];
  while (!state.over && !stop(state)) {
    const result = applyAction(state, chooseAction(state, 'novice', rng));
    events.push(result.events);
    state = result.state;
  }
  return { state, recentEvents: events.slice(-6).flat() };
}

interface Timing {
  wall: number;
  cpu: number;
  fastest: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function time(runs: number, work: () => unknown): Timing {
  work(); // warm-up: fonts, the cached board background, JIT
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    work();
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - started);
  }
  return { wall: median(wall), cpu: median(cpu), fastest: Math.min(...wall) };
}

function rasterised(canvas: Canvas): Canvas {
  canvas.getContext('2d').getImageData(0, 0, 1, 1);
  return canvas;
}

/** The boards of successive moves of one game, as a render worker draws them. */
function successiveBoards(count: number): { state: GameState; recentEvents: GameEvent[] }[] {
  let state = createGame({ rules: 'standard', seats: 6, seed: 'bench:successive' });
  const rng = seedRng('bench:successive:ai');
  const boards: { state: GameState; recentEvents: GameEvent[] }[] = [];
  while (boards.length < count && !state.over) {
    const result = applyAction(state, chooseAction(state, 'novice', rng));
    state = result.state;
    boards.push({ state, recentEvents: result.events });
  }
  return boards;
}

/**
 * Median time to encode each of `boards` (drawn, rasterised) with each encoder, the encoders taking turns on
 * every board so that both meet the same memory and machine conditions.
 */
function timeSuccessiveEncodes(
  boards: { state: GameState; recentEvents: GameEvent[] }[],
  encoders: readonly (readonly [string, (canvas: Canvas) => Buffer])[],
): (Timing & { bytes: number })[] {
  const samples = encoders.map(() => ({ wall: [] as number[], cpu: [] as number[], bytes: 0 }));
  boards.forEach(({ state, recentEvents }, index) => {
    const canvas = scratchCanvas(BOARD_WIDTH, boardHeight(6));
    rasterised(drawBoard(state, { seats: SEATS, recentEvents }, canvas));
    for (let turn = 0; turn < encoders.length; turn++) {
      const which = (index + turn) % encoders.length;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      samples[which]!.bytes += encoders[which]![1](canvas).length;
      const used = process.cpuUsage(cpuStarted);
      samples[which]!.cpu.push((used.user + used.system) / 1000);
      samples[which]!.wall.push(performance.now() - started);
    }
  });
  return samples.map((s) => ({
    wall: median(s.wall),
    cpu: median(s.cpu),
    fastest: Math.min(...s.wall),
    bytes: s.bytes / boards.length,
  }));
}

function format(label: string, timing: Timing, extra = ''): string {
  const f = (value: number) => value.toFixed(1).padStart(6);
  return `${label.padEnd(34)} ${f(timing.wall)} ms  (cpu ${f(timing.cpu)}, fastest ${f(timing.fastest)})${extra}`;
}

async function main(): Promise<void> {
  const usage = 'npm run bench:render [-- --runs 60]';
  const { values } = parseArguments(usage, { options: { runs: { type: 'string' } } });
  const runs = numberOption(usage, 'runs', values.runs, 60, { min: 1 });
  const midGame = playUntil((state) => state.turn > 15);
  const board = { seats: SEATS, recentEvents: midGame.recentEvents, viewerSeat: midGame.state.current };
  const finished = playUntil(() => false, 200).state;
  const summary = { seats: SEATS };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

  const boardPng = renderBoard(midGame.state, board);
  const summaryPng = renderSummary(finished, summary);
  const canvas = rasterised(drawBoard(midGame.state, board));
  const asyncEncode = async () => {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await canvas.encode('png');
      samples.push(performance.now() - started);
    }
    return median(samples);
  };

  console.log(
    `render benchmark: median of ${runs} runs, 6 seats, ${BOARD_WIDTH} x ${boardHeight(6)} px (${loadNote()})`,
  );
  console.log(
    format(
      'board PNG (draw + encode), same board',
      time(runs, () => renderBoard(midGame.state, board)),
      `  ${kb(boardPng.length)}  target <= 30 ms`,
    ),
  );
  console.log(
    format(
      '  of which draw',
      time(runs, () =>
        rasterised(drawBoard(midGame.state, board, scratchCanvas(BOARD_WIDTH, boardHeight(6)))),
      ),
    ),
  );
  console.log(
    format(
      '  of which encode (whole image)',
      time(runs, () => encodeOpaquePng(canvas)),
    ),
  );
  const played = successiveBoards(runs);
  console.log(`the boards of ${played.length} successive moves of one game, encoded (taking turns):`);
  const encoders = [
    ['  the whole image at once', encodeOpaquePng],
    ['  by bands, reused (renderBoard)', encodeBoardPng],
  ] as const;
  timeSuccessiveEncodes(played, encoders).forEach((timing, index) => {
    console.log(format(encoders[index]![0], timing, `  ${kb(timing.bytes)}`));
  });
  console.log(
    format(
      'summary PNG (draw + encode)',
      time(runs, () => renderSummary(finished, summary)),
      `  ${kb(summaryPng.length)}  target <= 60 ms`,
    ),
  );
  console.log(
    format(
      '  of which draw',
      time(runs, () => rasterised(drawSummary(finished, summary))),
    ),
  );
  console.log('the board canvas encoded by Skia instead (for comparison):');
  console.log(
    format(
      "  encodeSync('png')",
      time(runs, () => canvas.encodeSync('png')),
      `  ${kb(canvas.encodeSync('png').length)}`,
    ),
  );
  console.log(
    format(
      "  toBuffer('image/png')",
      time(runs, () => canvas.toBuffer('image/png')),
    ),
  );
  console.log(`  await encode('png')                ${(await asyncEncode()).toFixed(1).padStart(6)} ms`);
}

function loadNote(): string {
  return `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
