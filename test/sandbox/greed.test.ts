/** Greed in the sandbox page: Alice against three computers, typed to the summary. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/greed/index';
import {
  closeBench,
  openBench,
  playToTheEnd,
  startAsAlice,
  summaryOf,
  type GameTestBench,
} from './play-loop';

describe('Greed in the sandbox', () => {
  let bench: GameTestBench;
  beforeEach(async () => {
    bench = await openBench();
  });
  afterEach(async () => {
    await closeBench(bench);
  });

  it('plays a game of one human and three computers to the summary', async () => {
    const start = '/greed start seats:4 computer-level:steady speed:fast target:1500 entry:0';
    const game = await startAsAlice(bench, start, /Greed/);
    const typed = await playToTheEnd(bench.stack, game.id, ['Alice'], (state) =>
      (state as GameState).rolled && (state as GameState).turnTotal >= 300 ? '/greed stop' : '/greed roll',
    );
    expect(typed).toBeGreaterThan(0);
    const summary = await summaryOf(bench, /Greed/);
    expect(summary.embeds[0]?.image).not.toBeNull();
    const final = (await bench.stack.service.getGame(game.id))!;
    expect(final.status).toBe('finished');
    expect(final.seats.filter((seat) => seat.userId === null)).toHaveLength(3);
  });
});
