import { afterEach, describe, expect, it } from 'vitest';
import { chooseAction, type AiLevel } from '../../src/games/hare/computer/index';
import { createComputerPool, type ComputerPool } from '../../src/workers/computer-pool';
import { seedRng, type Action, type GameState } from '../../src/games/hare/rules/index';
import { ALICE, makeHarness, openGame, type Harness } from './helpers';
import { eventually } from '../support/eventually';

interface Deferred {
  state: GameState;
  level: AiLevel;
  seedKey: string;
  resolve: (action: Action) => void;
}

/** A chooser the test answers by hand, to hold a decision "in a worker" while the game changes. */
function manualChooser() {
  const waiting: Deferred[] = [];
  const chooser = (_gameKey: string, state: unknown, level: string, seedKey: string) =>
    new Promise<unknown>((resolve) =>
      waiting.push({ state: state as GameState, level: level as AiLevel, seedKey, resolve }),
    );
  return { waiting, chooser };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The game once its version reaches `version`: the chosen move is written after the chooser answered. */
const versionReached = (h: Harness, gameId: string, version: number) =>
  eventually(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      return game.version >= version ? game : undefined;
    },
    `version ${version} of game ${gameId}`,
    5000,
    10,
  );

describe('computer players thinking asynchronously (a worker pool)', () => {
  let pool: ComputerPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('applies the chosen move through the same versioned write', async () => {
    const { waiting, chooser } = manualChooser();
    const h = await makeHarness({ chooser });
    const game = await openGame(h, 'c1', { hostSeated: false, seats: 2, computerLevel: 'intermediate' });
    await h.service.startGame(game.id, ALICE.id);
    await h.clock.advance(2000);
    expect(waiting).toHaveLength(1);
    const before = (await h.service.getGame(game.id))!;
    expect(before.version).toBe(1);
    const [request] = waiting.splice(0);
    request!.resolve(chooseAction(request!.state, request!.level, seedRng(request!.seedKey)));
    expect((await versionReached(h, game.id, 2)).version).toBe(2);
    expect((await h.service.replayCheck(game.id)).ok).toBe(true);
    expect(h.errors).toEqual([]);
  });

  it('drops a decision for a game that moved on meanwhile, and plays novice when the chooser fails', async () => {
    const { waiting, chooser } = manualChooser();
    const h = await makeHarness({ chooser });
    const game = await openGame(h, 'c2', { hostSeated: false, seats: 2 });
    await h.service.startGame(game.id, ALICE.id);
    await h.clock.advance(2000);
    await h.service.endGame(game.id, ALICE.id, { moderator: true });
    const ended = (await h.service.getGame(game.id))!;
    waiting.splice(0)[0]!.resolve({ type: 'move', to: 1 });
    await flush();
    expect((await h.service.getGame(game.id))!.version).toBe(ended.version);

    const failing = await makeHarness({ chooser: () => Promise.reject(new Error('worker gone')) });
    const other = await openGame(failing, 'c3', { hostSeated: false, seats: 2 });
    await failing.service.startGame(other.id, ALICE.id);
    await failing.clock.advance(2000);
    expect((await versionReached(failing, other.id, 2)).version).toBe(2);
    expect(failing.errors.map((e) => String(e.error))).toEqual(['Error: worker gone']);
  });

  it('the real worker pool chooses exactly what the synchronous player chooses', async () => {
    pool = createComputerPool({ workers: 1 });
    const h = await makeHarness();
    const game = await openGame(h, 'c4', { hostSeated: false, seats: 3 });
    const state = (await h.service.startGame(game.id, ALICE.id)).state as GameState;
    for (const level of ['novice', 'intermediate', 'advanced'] as const) {
      const inWorker = await pool.choose('hare', state, level, 'key-1');
      expect(inWorker).toEqual(chooseAction(state, level, seedRng('key-1')));
    }
  });
});
