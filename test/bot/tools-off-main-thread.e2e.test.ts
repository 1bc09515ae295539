/**
 * `/candyland simulate` through the fake Discord: the simulation runs in a worker thread, never on the bot's main
 * thread (a 100,000-game simulation there held every other interaction up for a quarter of a second).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulate } from '../../src/games/candyland/simulate';
import { simulationText } from '../../src/games/candyland/tools';
import { createHarness, type Harness } from './harness';

// Counts the simulations run on this (the bot's main) thread; workers load the real module on their own.
vi.mock('../../src/games/candyland/simulate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/games/candyland/simulate')>();
  return { ...real, simulate: vi.fn(real.simulate) };
});

describe('tool commands off the main thread', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers /candyland simulate from a worker: the main thread never runs the simulator', async () => {
    const onMainThread = vi.mocked(simulate);
    onMainThread.mockClear();
    const interaction = h.fake.slashCommand({
      user: h.users.carol,
      channel: h.channel,
      name: 'candyland',
      subcommand: 'simulate',
      options: { seats: 3, games: 2000 },
    });
    const answer = await h.fake.waitForFinal(interaction, 20_000);
    expect(onMainThread).not.toHaveBeenCalled();
    const expected = simulationText(simulate({ seats: 3, games: 2000, seed: 'simulate:3:2000' }));
    expect(answer.message?.content).toBe(expected);
    expect(answer.message?.attachments).toHaveLength(1);
  });
});
