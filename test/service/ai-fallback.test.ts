import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_DELAY, ALICE, makeHarness, openGame, type Harness } from './helpers';

vi.mock('../../src/games/hare/computer/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/games/hare/computer/index')>();
  return {
    ...original,
    chooseAction: (...args: Parameters<typeof original.chooseAction>) => {
      const [, level] = args;
      if (level === 'advanced') throw new Error('the advanced player broke');
      if (level === 'intermediate') return { type: 'move', to: 11 } as const;
      return original.chooseAction(...args);
    },
  };
});

describe('a faulty computer level', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it.each(['advanced', 'intermediate'] as const)(
    'a %s computer that fails is reported and replaced by the novice choice for that turn',
    async (level) => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1', { hostSeated: false, seats: 2, computerLevel: level });
      await h.service.startGame(lobby.id, ALICE.id);
      await h.clock.advance(AI_DELAY * 3);
      const log = await h.store.games.listActions(lobby.id);
      expect(log).toHaveLength(3);
      expect(log.every((row) => row.actor === 'computer')).toBe(true);
      expect(h.errors).toHaveLength(3);
      expect(h.errors[0]?.context).toMatch(new RegExp(`the ${level} computer`));
      expect((await h.service.replayCheck(lobby.id)).ok).toBe(true);
    },
  );
});
