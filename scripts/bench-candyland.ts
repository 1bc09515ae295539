/**
 * Candy Land benchmarks: simulator speed (games per second), engine speed, and image render times.
 *
 *   npx tsx scripts/bench-candyland.ts [--games N] [--png DIR]
 *
 * --png writes the images (full size and scaled to 400 px wide, as Discord shows them) into DIR.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import { applyAction, createGame } from '../src/games/candyland/rules/game';
import { candyRenderer } from '../src/games/candyland/render/index';
import { simulate } from '../src/games/candyland/simulate';
import type { GameEvent, GameState } from '../src/games/candyland/rules/types';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:candyland [-- --games N] [--png DIR]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' }, png: { type: 'string' } } });
const games = numberOption(USAGE, 'games', values.games, 1_000_000, { min: 1 });

const seats = ['Ada', 'Bo', 'Cyrillic Longname', 'Di'].map((name) => ({ name, kind: 'human' }));

function benchSimulator(): void {
  simulate({ seats: 4, games: 20_000, seed: 'warm-up' });
  for (const seatCount of [2, 3, 4]) {
    const started = performance.now();
    const result = simulate({ seats: seatCount, games, seed: 'bench' });
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(games / seconds).toLocaleString('en');
    console.log(
      `simulator, ${seatCount} seats: ${rate} games/s (mean ${result.rounds.mean.toFixed(3)} rounds)`,
    );
  }
}

function benchEngine(): void {
  const started = performance.now();
  let draws = 0;
  const count = 2000;
  for (let i = 0; i < count; i++) {
    let state = createGame({ seats: 4, seed: `engine:${i}` });
    while (!state.over) state = applyAction(state, { type: 'draw' }).state;
    draws += state.draws;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `engine (JSON states): ${Math.round(count / seconds).toLocaleString('en')} games/s, ${Math.round(draws / seconds).toLocaleString('en')} draws/s`,
  );
}

/** A game with a shortcut taken on its last draw, to show a traced move. */
function sampleBoard(): { state: GameState; events: GameEvent[] } {
  for (let i = 0; ; i++) {
    let state = createGame({ seats: 4, seed: `sample:${i}` });
    for (let draw = 0; !state.over; draw++) {
      const { state: next, events } = applyAction(state, { type: 'draw' });
      if (!next.over && draw > 6 && events.some((e) => e.type === 'shortcut')) return { state: next, events };
      state = next;
    }
  }
}

function save(dir: string, name: string, png: Uint8Array): void {
  writeFileSync(join(dir, `${name}.png`), png);
  const image = new Image();
  image.src = Buffer.from(png);
  const small = createCanvas(400, Math.round((image.height * 400) / image.width));
  small.getContext('2d').drawImage(image, 0, 0, small.width, small.height);
  writeFileSync(join(dir, `${name}-400.png`), small.toBuffer('image/png'));
}

function timeIt(name: string, render: () => Uint8Array): Uint8Array {
  for (let i = 0; i < 5; i++) render();
  const runs = 30;
  const started = performance.now();
  let png = render();
  for (let i = 1; i < runs; i++) png = render();
  console.log(`render ${name}: ${((performance.now() - started) / runs).toFixed(1)} ms`);
  return png;
}

function benchRender(dir: string | undefined): void {
  const { state, events } = sampleBoard();
  let end = state;
  while (!end.over) end = applyAction(end, { type: 'draw' }).state;
  const result = simulate({ seats: 4, games: 10_000, seed: 'image' });
  const images = {
    board: timeIt('board', () =>
      candyRenderer.board({ state, seats, recentEvents: events, viewerSeat: null }),
    ),
    summary: timeIt('summary', () => candyRenderer.summary({ state: end, seats, stoppedBy: null })),
    simulation: timeIt('simulation', () => candyRenderer.tool!({ kind: 'candyland-simulation', result })),
  };
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [name, png] of Object.entries(images)) save(dir, name, png);
  console.log(`images written to ${dir}`);
}

benchSimulator();
benchEngine();
benchRender(values.png);
