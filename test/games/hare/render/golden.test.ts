/**
 * Compares a few renders with the golden images in test/games/hare/render/golden/. The states are built by hand or
 * played by a fixed rule on the engine (no computer player), so only a change of the pictures (or of the
 * engine's rules) changes them. After a deliberate change of the pictures, look at the new images and run
 *   UPDATE_GOLDEN=1 npx vitest run test/games/hare/render/golden.test.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import {
  applyAction,
  createGame,
  legalActions,
  type GameEvent,
  type GameState,
} from '../../../../src/games/hare/rules/index';
import { renderBoard, renderSummary, type SeatDisplay } from '../../../../src/games/hare/render/index';

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** Anti-aliasing may differ slightly between Skia builds; more than this share of pixels is a real change. */
const MAX_DIFFERENT_SHARE = 0.002;

const SEATS: SeatDisplay[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Bram', kind: 'novice' },
  { name: 'Cleo', kind: 'intermediate' },
  { name: 'Dario', kind: 'advanced' },
  { name: 'Eun-ji', kind: 'human' },
  { name: 'Farah with a rather long name', kind: 'novice' },
];

function place(state: GameState, positions: number[], carrots: number[], lettuces: number[]): GameState {
  state.seats.forEach((seat, index) => {
    seat.position = positions[index] ?? 0;
    seat.carrots = carrots[index] ?? 65;
    seat.lettuces = lettuces[index] ?? 3;
  });
  return state;
}

function midGameBoard(): Buffer {
  const state = place(
    createGame({ rules: 'standard', seats: 4, seed: 'golden' }),
    [21, 33, 17, 26],
    [58, 12, 40, 71],
    [2, 1, 2, 3],
  );
  state.turn = 14;
  state.current = 0;
  state.seats[1]!.missTurns = 1;
  const recentEvents: GameEvent[] = [
    { type: 'move', seat: 1, from: 27, to: 33, cost: 21, carrotsBefore: 33, carrotsAfter: 12 },
    { type: 'move-back', seat: 2, from: 23, to: 17, gain: 60, carrotsBefore: 0, carrotsAfter: 60 },
    { type: 'carrots', seat: 2, amount: -10, reason: 'square', carrotsBefore: 50, carrotsAfter: 40 },
    { type: 'move', seat: 3, from: 13, to: 26, cost: 91, carrotsBefore: 162, carrotsAfter: 71 },
  ];
  return renderBoard(state, { seats: SEATS, recentEvents, viewerSeat: 0 });
}

function crowdedBoard(): Buffer {
  const state = createGame({ rules: 'standard', seats: 6, seed: 'golden-crowd' });
  place(state, [0, 64, 0, 58, 64, 0], [65, 8, 65, 30, 3, 65], [3, 0, 3, 0, 0, 3]);
  state.finishOrder = [4, 1];
  state.seats[4]!.place = 1;
  state.seats[1]!.place = 2;
  state.turn = 31;
  state.current = 5;
  const recentEvents: GameEvent[] = [
    { type: 'move', seat: 1, from: 61, to: 64, cost: 6, carrotsBefore: 14, carrotsAfter: 8 },
    { type: 'finish', seat: 1, place: 2, carrots: 8 },
    { type: 'restart', seat: 2, from: 40, carrotsBefore: 2, carrotsAfter: 65 },
  ];
  return renderBoard(state, { seats: SEATS, recentEvents });
}

function classicBoardWithChoice(): Buffer {
  const state = createGame({ rules: 'classic', seats: 3, seed: 'golden-classic' });
  place(state, [42, 36, 12], [44, 20, 90], [2, 1, 3]);
  state.turn = 9;
  return renderBoard(state, { seats: SEATS.slice(0, 3) });
}

/** A whole game played by a fixed rule on the engine: the legal action at a position that cycles. */
function fixedRuleSummary(): Buffer {
  let state = createGame({ rules: 'standard', seats: 5, seed: 'golden-summary', turnLimit: 80 });
  for (let step = 0; !state.over; step++) {
    const actions = legalActions(state);
    const forward = actions.filter(
      (action) => action.type !== 'move' || action.to > state.seats[state.current]!.position,
    );
    const choices = forward.length > 0 ? forward : actions;
    state = applyAction(state, choices[(step * 7) % choices.length]!).state;
  }
  // The play-outs' time bound only cuts them short on a busy machine; a clock that stands still keeps the
  // golden image the same however busy the machine running the test is.
  const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
  try {
    return renderSummary(state, { seats: SEATS });
  } finally {
    clock.mockRestore();
  }
}

function compareWithGolden(name: string, png: Buffer): void {
  const path = join(GOLDEN_DIR, name);
  if (UPDATE) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, png);
    return;
  }
  if (!existsSync(path))
    throw new Error(`no golden image ${path}: run with UPDATE_GOLDEN=1 after looking at it`);
  const expected = PNG.sync.read(readFileSync(path));
  const actual = PNG.sync.read(png);
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const diff = new PNG({ width: expected.width, height: expected.height });
  const different = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, {
    threshold: 0.1,
  });
  if (different > expected.width * expected.height * MAX_DIFFERENT_SHARE) {
    const out = join(tmpdir(), `hare-golden-${name}`);
    writeFileSync(out, PNG.sync.write(diff));
    writeFileSync(out.replace(/\.png$/, '.actual.png'), png);
    throw new Error(`${name}: ${different} pixels differ from the golden image (diff and actual in ${out})`);
  }
}

describe('golden images', () => {
  it('a standard board seen by the seat to act: targets, last moves, a missed turn', () => {
    compareWithGolden('board-standard-viewer.png', midGameBoard());
  });

  it('a crowded standard board: runners on the start and the finish, hidden carrots', () => {
    compareWithGolden('board-standard-crowded.png', crowdedBoard());
  });

  it('a classic board: open carrots, eat or move', () => {
    compareWithGolden('board-classic.png', classicBoardWithChoice());
  });

  it('a game summary', () => {
    compareWithGolden('summary-standard.png', fixedRuleSummary());
  });
});
