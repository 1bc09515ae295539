/**
 * The limits on one user through the real discord.js client and the fake Discord, with the production defaults
 * (src/config.ts): commands and clicks past a burst get a private "slow down" and are dropped, autocomplete is
 * never counted, steady play never meets the limit, and simulations are limited per minute. The limits' clock is
 * moved by hand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { botLimits, loadConfig } from '../../src/config';
import { candylandModule } from '../../src/games/candyland/index';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import {
  channelGame,
  createHarness,
  playTinyByButtons,
  startGame,
  waitForSummary,
  type Harness,
  pressButton,
  runCommand,
} from './harness';

type User = Harness['users']['alice'];

const DEFAULTS = loadConfig({});
const BURST = DEFAULTS.RATE_LIMIT_BURST;
const SLOW_DOWN =
  /^Slow down: that is more commands and clicks than I take from one player at once, so nothing was done\. Try again in a second\.$/;

describe('limits on one user', () => {
  let h: Harness;
  let now: number;
  beforeEach(async () => {
    now = 1_000_000;
    h = await createHarness({
      games: createRegistry([hareModule, tinyModule, candylandModule]),
      aiTurnDelayMs: 5,
      limits: { ...botLimits(DEFAULTS), now: () => now },
    });
  });
  afterEach(async () => {
    await h.close();
  });

  const run = (
    user: User,
    subcommand: string,
    options: Record<string, string | number> = {},
    name = 'hare',
  ) => runCommand(h, user, subcommand, options, name);
  const press = (user: User, messageId: string, customId: string) =>
    pressButton(h, user, messageId, customId);

  const slowDowns = () =>
    h.fake.messages(h.channel.id).filter((message) => message.content.startsWith('Slow down'));

  it('past the burst, a command or a click is answered with a private "slow down" and dropped', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 3 });
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const id = (button: string) => `hare:lobby:${gameId}:${button}`;
    for (let i = 1; i < BURST; i++) {
      const rules = await run(alice, 'rules');
      expect(rules.message?.content).not.toMatch(/Slow down/);
    }

    const click = await press(alice, lobbyId, id('add-computer'));
    expect(click.ephemeral).toBe(true);
    expect(click.message?.content).toMatch(SLOW_DOWN);
    expect((await h.service.getGame(gameId))!.seats).toHaveLength(1);
    const command = await run(alice, 'end');
    expect(command.ephemeral).toBe(true);
    expect(command.message?.content).toMatch(SLOW_DOWN);
    expect((await h.service.getGame(gameId))!.status).toBe('lobby');

    const joined = await press(bob, lobbyId, id('join'));
    expect(joined.type, 'another player is not held back').toBe(7);

    now += DEFAULTS.RATE_LIMIT_REFILL_MS;
    const added = await press(alice, lobbyId, id('add-computer'));
    expect(added.type, 'the allowance grows back').toBe(7);
    expect((await h.service.getGame(gameId))!.seats).toHaveLength(3);
    expect(slowDowns()).toHaveLength(2);
  });

  it('autocomplete is neither counted nor refused', async () => {
    const { alice, bob } = h.users;
    const ask = (user: User) =>
      h.fake.autocomplete({
        user,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        focused: 'square',
        value: '',
      });
    for (let i = 0; i < BURST; i++) await run(alice, 'rules');
    expect((await run(alice, 'rules')).message?.content).toMatch(SLOW_DOWN);
    expect(await ask(alice)).toEqual([{ name: 'No game is running in this channel', value: 0 }]);

    for (let i = 0; i < 3 * BURST; i++) await ask(bob);
    for (let i = 0; i < BURST; i++)
      expect((await run(bob, 'rules')).message?.content).not.toMatch(/Slow down/);
  });

  it('a player who clicks the moment the board shows, twice a second, never meets the limit', async () => {
    const { alice } = h.users;
    let clicks = 0;
    // Games against a computer, one after the other, until the player has clicked well past the burst.
    while (clicks <= 2 * BURST) {
      now += 1000;
      const { gameId } = await startGame(h, [alice], { seats: 2, target: 9 }, 'tiny');
      await playTinyByButtons(h, gameId, [alice], () => {
        now += 500;
        clicks += 1;
      });
      expect((await waitForSummary(h, gameId)).status).toBe('finished');
    }
    expect(slowDowns()).toEqual([]);
  });

  it('simulations past the per-minute limit are refused privately, with the wait', async () => {
    const { carol, bob } = h.users;
    const simulate = (user: User) => run(user, 'simulate', { seats: 2, games: 10 }, 'candyland');
    for (let i = 0; i < DEFAULTS.SIMULATIONS_PER_MINUTE; i++) {
      const answer = await simulate(carol);
      expect(answer.message?.content).toMatch(/10 games\*\* of Candy Land/);
      now += 1000;
    }
    const refused = await simulate(carol);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe(
      'You have run 5 simulations in the last minute, the most I run for one player. Try again in 55 seconds.',
    );
    expect((await simulate(bob)).message?.content, 'another player is not held back').toMatch(/10 games/);
    expect((await run(carol, 'rules', {}, 'candyland')).message?.content).not.toMatch(/simulations/);

    now += 55_000;
    expect((await simulate(carol)).message?.content).toMatch(/10 games\*\* of Candy Land/);
  });
});
