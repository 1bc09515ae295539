/**
 * A computer player chooses from its own seat's view of the game (GameRules.observe), as a player would: in a
 * standard Hare race it sees its own carrots but no other runner's, and never the random stream.
 */
import { describe, expect, it } from 'vitest';
import { HIDDEN_CARROTS, type GameState } from '../../src/games/hare/rules/index';
import { ALICE, makeHarness, openGame } from './helpers';

describe('what a computer player is given', () => {
  it('its own view, handed to the worker pool', async () => {
    const given: GameState[] = [];
    const h = await makeHarness({
      chooser: (_gameKey, state) => {
        given.push(state as GameState);
        return new Promise(() => {});
      },
    });
    const game = await openGame(h, 'c1', { hostSeated: false, seats: 3, rules: 'standard' });
    const started = (await h.service.startGame(game.id, ALICE.id)).state as GameState;
    await h.clock.advance(2000);
    expect(given).toHaveLength(1);
    const view = given[0]!;
    const mover = started.current;
    expect(view.rng).toEqual([0, 0, 0, 0]);
    expect(view.seats.map((seat) => seat.carrots)).toEqual(
      started.seats.map((seat, index) => (index === mover ? seat.carrots : HIDDEN_CARROTS)),
    );
    expect(h.errors).toEqual([]);
  });
});
