/**
 * Worker pools serve the games of the registry file they are given (test/fixtures/games/registry.ts: the bot's
 * four and Noughts and Crosses, which has no renderer), and only the bot's own games without one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SeatView } from '../../src/games/contract';
import { defaultRenderer } from '../../src/games/draw/default-renderer';
import { createComputerPool } from '../../src/workers/computer-pool';
import { createRenderPool } from '../../src/workers/render-pool';
import { noughtsModule } from '../fixtures/games/noughts/index';
import type { NoughtsState } from '../fixtures/games/noughts/rules';

const GAMES_FILE = new URL('../fixtures/games/registry.ts', import.meta.url);
const seats: SeatView[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Careful 2', kind: 'careful' },
];

/** X on a1 and b2, O on c1 and a3: O to play, and X threatens c3. */
function threatened(): NoughtsState {
  let state = noughtsModule.rules.create({ seats: 2, seed: 'workers' });
  for (const cell of [0, 2, 4, 6]) state = noughtsModule.rules.apply(state, { type: 'mark', cell }).state;
  return state;
}

describe('worker pools given a registry file', () => {
  const degraded: Error[] = [];
  const renderer = createRenderPool({
    workers: 1,
    gamesFile: GAMES_FILE,
    onDegraded: (e) => degraded.push(e),
  });
  const computers = createComputerPool({
    workers: 1,
    gamesFile: GAMES_FILE,
    onDegraded: (e) => degraded.push(e),
  });
  const botOnly = createRenderPool({ workers: 1 });
  afterAll(async () => {
    await Promise.all([renderer.close(), computers.close(), botOnly.close()]);
  });

  it("draw the fixture game's default board and summary in a worker, as this thread draws them", async () => {
    const state = threatened();
    const input = { state, seats, recentEvents: [], viewerSeat: null };
    const board = await renderer.board('noughts', input);
    const local = defaultRenderer(noughtsModule);
    expect(board.equals(Buffer.from(local.board(input)))).toBe(true);
    const summary = await renderer.summary('noughts', { state, seats, stoppedBy: 'Ada' });
    expect(summary.equals(Buffer.from(local.summary({ state, seats, stoppedBy: 'Ada' })))).toBe(true);
    expect(degraded).toEqual([]);
  });

  it("let the fixture game's computer player think in a worker", async () => {
    await expect(computers.choose('noughts', threatened(), 'careful', 'seed')).resolves.toEqual({
      type: 'mark',
      cell: 8,
    });
  });

  it('know only the bot’s own games without one', async () => {
    const state = threatened();
    await expect(
      botOnly.board('noughts', { state, seats, recentEvents: [], viewerSeat: null }),
    ).rejects.toThrow(/no game "noughts"/);
  });
});
