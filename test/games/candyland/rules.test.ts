import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyAction,
  createGame,
  legalActions,
  observe,
  standings,
} from '../../../src/games/candyland/rules/game';
import { GameOptionError, IllegalActionError } from '../../../src/games/kit/errors';
import { draw, drawAll, gameWithCards, playToEnd } from './helpers';

describe('drawing colour cards', () => {
  it('moves a single to the next space of its colour and a double to the second', () => {
    const state = gameWithCards(2, [
      { color: 'green', count: 1 },
      { color: 'green', count: 2 },
      { color: 'green', count: 2 },
    ]);
    const first = draw(state);
    expect(first.state.positions).toEqual([6, 0]);
    expect(first.events[0]).toEqual({
      type: 'draw',
      seat: 0,
      card: { color: 'green', count: 1 },
      from: 0,
      landing: 6,
    });
    const second = draw(first.state);
    expect(second.state.positions).toEqual([6, 13]);
    const third = draw(second.state);
    expect(third.state.positions).toEqual([19, 13]);
    expect(observe(third.state).lastDraw).toEqual({
      seat: 0,
      card: { color: 'green', count: 2 },
      from: 6,
      to: 19,
    });
  });

  it('takes the Rainbow Trail from 4 and the Gumdrop Pass from 29', () => {
    const state = gameWithCards(2, [
      { color: 'blue', count: 1 },
      { color: 'yellow', count: 2 },
    ]);
    state.positions[1] = 16;
    const first = draw(state);
    expect(first.state.positions[0]).toBe(60);
    expect(first.events[1]).toEqual({ type: 'shortcut', seat: 0, name: 'Rainbow Trail', from: 4, to: 60 });
    expect(first.state.lastDraw?.to).toBe(60);
    const second = draw(first.state);
    expect(second.state.positions[1]).toBe(41);
    expect(second.state.tallies.map((t) => t.shortcuts)).toEqual([1, 1]);
  });

  it('takes no shortcut when a double passes over its start', () => {
    const result = draw(gameWithCards(2, [{ color: 'blue', count: 2 }]));
    expect(result.state.positions[0]).toBe(11);
    expect(result.events.map((e) => e.type)).toEqual(['draw']);
  });

  it('reaches the Candy Castle when the colour runs out ahead, and the game ends', () => {
    const state = gameWithCards(3, [{ color: 'blue', count: 2 }]);
    state.positions = [128, 100, 90];
    const result = draw(state);
    expect(result.state.positions[0]).toBe(133);
    expect(result.state.over).toBe(true);
    expect(result.state.winner).toBe(0);
    expect(result.events.at(-1)).toEqual({ type: 'win', seat: 0 });
    expect(legalActions(result.state)).toEqual([]);
    expect(standings(result.state)).toEqual([
      { seat: 0, place: 1 },
      { seat: 1, place: 2 },
      { seat: 2, place: 3 },
    ]);
    expect(observe(result.state)).toMatchObject({ seat: null, over: true, places: [1, 2, 3], round: 0 });
  });
});

describe('picture cards', () => {
  it('move a pawn forward to the picture', () => {
    const result = draw(gameWithCards(2, [{ picture: 'gingerbread' }]));
    expect(result.state.positions[0]).toBe(69);
    expect(result.state.tallies[0]?.sentBack).toBe(0);
  });

  it('move a pawn backward, and never along a shortcut', () => {
    const state = gameWithCards(2, [{ picture: 'ice-cream' }, { picture: 'cupcake' }]);
    state.positions = [40, 30];
    const first = draw(state);
    expect(first.state.positions[0]).toBe(20);
    expect(first.state.tallies[0]?.sentBack).toBe(1);
    const second = draw(first.state);
    expect(second.state.positions[1]).toBe(9);
    expect(second.events.some((e) => e.type === 'shortcut')).toBe(false);
  });
});

describe('licorice', () => {
  it('costs exactly the next turn, which counts as that seat turn in the round', () => {
    const state = gameWithCards(2, [
      { color: 'green', count: 1 },
      { color: 'red', count: 1 },
      { color: 'red', count: 1 },
      { color: 'red', count: 1 },
    ]);
    state.positions = [38, 0];
    const stuck = draw(state);
    expect(stuck.state.positions[0]).toBe(45);
    expect(stuck.state.loseTurn).toEqual([true, false]);
    expect(stuck.events.map((e) => e.type)).toEqual(['draw', 'licorice']);
    const passed = draw(stuck.state);
    expect(passed.events.map((e) => e.type)).toEqual(['draw', 'lostTurn']);
    expect(passed.state.current).toBe(1);
    expect(passed.state.round).toBe(1);
    expect(passed.state.loseTurn).toEqual([false, false]);
    const next = draw(passed.state);
    expect(next.state.current).toBe(0);
    const back = draw(next.state);
    expect(back.state.positions[0]).toBe(46);
  });

  it('passes over several stuck seats in one apply', () => {
    const state = gameWithCards(3, [{ color: 'red', count: 1 }]);
    state.loseTurn = [false, true, true];
    const result = draw(state);
    expect(result.events.map((e) => e.type)).toEqual(['draw', 'lostTurn', 'lostTurn']);
    expect(result.state.current).toBe(0);
    expect(result.state.round).toBe(1);
  });
});

describe('the draw pile', () => {
  it('is a shuffle of the deck that depends on the seed', () => {
    const a = createGame({ seats: 2, seed: 'a' });
    const b = createGame({ seats: 2, seed: 'b' });
    expect([...a.drawPile].sort()).toEqual([...b.drawPile].sort());
    expect(a.drawPile).not.toEqual(b.drawPile);
    expect(createGame({ seats: 2, seed: 'a' })).toEqual(a);
  });

  it('is refilled from the shuffled discard pile when it runs out', () => {
    const state = createGame({ seats: 4, seed: 'reshuffle' });
    state.discard = state.drawPile.splice(0, 63);
    const last = draw(state);
    expect(last.events.some((e) => e.type === 'reshuffle')).toBe(false);
    expect(last.state.drawPile).toEqual([]);
    expect(last.state.discard).toHaveLength(64);
    const next = draw(last.state);
    expect(next.events[0]).toEqual({ type: 'reshuffle', cards: 64 });
    expect(next.state.drawPile).toHaveLength(63);
    expect(next.state.discard).toHaveLength(1);
    const all = [...next.state.drawPile, ...next.state.discard];
    expect(all.sort()).toEqual([...last.state.discard].sort());
    expect(next.state.drawPile).not.toEqual(last.state.discard.slice(0, 63));
    expect(next.state.rng).not.toEqual(last.state.rng);
  });
});

describe('rounds and the turn limit', () => {
  it('counts a round when every seat has had its turn', () => {
    const state = createGame({ seats: 3, seed: 'rounds' });
    const { state: after } = drawAll(state, 3);
    if (!after.over && after.loseTurn.every((x) => !x)) expect(after.round).toBe(1);
    expect(after.progress.length).toBeGreaterThanOrEqual(2);
  });

  it('ends the game with no winner after the limit, placing seats by position', () => {
    const state = createGame({ seats: 3, seed: 'limit', options: { turnLimit: 2 } });
    state.positions = [0, 0, 0];
    const { state: end, events } = drawAll(state, 6);
    expect(end.over).toBe(true);
    expect(end.winner).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'turnLimit', rounds: 2 });
    expect(end.progress).toHaveLength(3);
    const expected = end.positions.map((p) => 1 + end.positions.filter((q) => q > p).length);
    expect(standings(end).map((s) => s.place)).toEqual(expected);
  });

  it('treats a turn limit of 0 or null as none and refuses bad ones', () => {
    expect(createGame({ seats: 2, seed: 's', options: { turnLimit: 0 } }).turnLimit).toBeNull();
    expect(createGame({ seats: 2, seed: 's', options: { turnLimit: null } }).turnLimit).toBeNull();
    expect(() => createGame({ seats: 2, seed: 's', options: { turnLimit: -1 } })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 2, seed: 's', options: { turnLimit: 2.5 } })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 1, seed: 's' })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 5, seed: 's' })).toThrow(/2 to 4 players/);
  });
});

describe('actions', () => {
  it('refuses anything but a draw, and everything once over', () => {
    const state = createGame({ seats: 2, seed: 'x' });
    for (const bad of [{ type: 'move' }, { type: 'draw', count: 2 }, null, 'draw', {}])
      expect(() => applyAction(state, bad as never)).toThrow(IllegalActionError);
    const end = playToEnd(state);
    expect(() => applyAction(end, { type: 'draw' })).toThrow(IllegalActionError);
  });

  it('never mutates its input and is deterministic from the seed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.string(), fc.nat(200), (seats, seed, steps) => {
        let state = createGame({ seats, seed });
        let twin = createGame({ seats, seed });
        for (let i = 0; i < steps && !state.over; i++) {
          const before = JSON.stringify(state);
          const result = applyAction(state, { type: 'draw' });
          expect(JSON.stringify(state)).toBe(before);
          const fromJson = applyAction(JSON.parse(before), { type: 'draw' });
          expect(JSON.stringify(fromJson)).toBe(JSON.stringify(result));
          state = result.state;
          twin = applyAction(twin, { type: 'draw' }).state;
        }
        expect(twin).toEqual(state);
      }),
      { numRuns: 60 },
    );
  });
});

describe('standings', () => {
  it('place each seat 1 + the number of seats strictly further along (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 133 }), { minLength: 2, maxLength: 4 }), (positions) => {
        const state = createGame({ seats: positions.length, seed: 'places' });
        state.positions = positions;
        const places = standings(state);
        expect(places.map((s) => s.seat)).toEqual(positions.map((_, seat) => seat));
        positions.forEach((position, seat) => {
          const ahead = positions.filter((other) => other > position).length;
          expect(places[seat]?.place).toBe(1 + ahead);
        });
      }),
    );
  });
});
