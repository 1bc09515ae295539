/**
 * A game that declares a turn limit without a range of its own, through the real discord.js client and the fake
 * Discord: its /start offers `turn-limit` (the platform's 1 to 500 rounds), and the game ends there, placing by
 * standings.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyGameModule } from '../../src/games/contract';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyState } from '../support/tiny-game';
import { createHarness, type Harness, playTinyByButtons, startGame, waitForSummary } from './harness';

/** Tiny under another key, declaring a turn limit its rules count, in the platform's range. */
const plain = {
  ...tinyModule,
  key: 'plain',
  title: 'Plain',
  turnLimit: { countedBy: 'rules' },
} as AnyGameModule;

describe('the turn limit of a game that declares no range of its own', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([plain]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('is offered on /start and ends the game after that many rounds', async () => {
    const [command] = h.fake.commands(h.guildId);
    const start = command!.options!.find((option) => option.name === 'start') as {
      options: { name: string; min_value?: number; max_value?: number }[];
    };
    expect(start.options.find((option) => option.name === 'turn-limit')).toMatchObject({
      min_value: 1,
      max_value: 500,
    });

    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { target: 9, 'turn-limit': 1 }, 'plain');
    await playTinyByButtons(h, gameId, [alice, bob]);
    const finished = await waitForSummary(h, gameId);
    expect(finished.status).toBe('finished');
    const state = finished.state as TinyState;
    // One round of target 9 cannot give anyone three points: the limit ended it, after one round.
    expect(state.rounds).toBe(1);
    expect(state.points.every((points) => points < 3)).toBe(true);
    expect((await h.service.status(gameId)).placings).toHaveLength(2);
    const summary = h.fake.messages(h.channel.id).find((m) => m.embeds[0]?.title?.startsWith('🏆 Plain'));
    expect(summary).toBeDefined();
  });
});
