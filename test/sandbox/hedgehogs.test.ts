/** Hedgehogs in a Hurry in the sandbox page: Alice against three computers, typed to the summary. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeAction } from '../../src/games/hedgehogs/controls';
import { forwardMoves, legalActions } from '../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../src/games/hedgehogs/rules/types';
import {
  closeBench,
  openBench,
  playToTheEnd,
  startAsAlice,
  summaryOf,
  type GameTestBench,
} from './play-loop';

/** Alice never sidesteps: a forward move typed in the sidestep phase plays her turn in one command. */
function commandFor(state: GameState): string {
  const [first] = legalActions(state);
  if (first?.type === 'place') return `/hedgehogs place row:${first.row}`;
  const [forward] = forwardMoves(state, state.current, state.die!);
  if (forward) return `/hedgehogs forward move:${encodeAction(forward)}`;
  return '/hedgehogs sidestep move:none';
}

describe('Hedgehogs in a Hurry in the sandbox', () => {
  let bench: GameTestBench;
  beforeEach(async () => {
    bench = await openBench();
  });
  afterEach(async () => {
    await closeBench(bench);
  });

  it('plays a game of one human and three computers to the summary', async () => {
    const game = await startAsAlice(
      bench,
      '/hedgehogs start seats:4 computer-level:advanced speed:fast',
      /Hedgehogs/,
    );
    const typed = await playToTheEnd(bench.stack, game.id, ['Alice'], (state) =>
      commandFor(state as GameState),
    );
    expect(typed).toBeGreaterThan(4);
    const oneCommandTurns = (await bench.stack.service.history(game.id)).filter(
      (entry) => entry.action.type === 'forward' && entry.lines[0] === 'Alice does not sidestep',
    );
    expect(oneCommandTurns.length).toBeGreaterThan(0);
    const final = (await bench.stack.service.getGame(game.id))!;
    expect(final.status).toBe('finished');
    expect(final.seats.filter((seat) => seat.userId === null)).toHaveLength(3);
    expect((await summaryOf(bench, /Hedgehogs/)).embeds[0]?.image).not.toBeNull();
  });
});
