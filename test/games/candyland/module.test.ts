import { describe, expect, it } from 'vitest';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { IllegalActionError } from '../../../src/games/kit/errors';
import { nextInt, seedRng } from '../../../src/games/kit/random';
import type { GameEvent, GameState } from '../../../src/games/candyland/rules/types';
import { RULES } from '../../../src/games/candyland/texts';
import { turnLimitRange } from '../../../src/games/options';
import { gameWithCards } from './helpers';

const ctx = { names: ['Ada', 'Bo', 'Cy', 'Di'], viewerSeat: null };

function playout(seats: number, seed: string, turnLimit?: number): { final: GameState; steps: number } {
  let state = game.rules.create({ seats, seed, options: { turnLimit: turnLimit ?? null } });
  const rng = seedRng(`ai:${seed}`);
  let steps = 0;
  for (; steps < 2000 && !game.rules.isOver(state); steps++) {
    const legal = game.rules.legalActions(state);
    const seat = game.rules.currentSeat(state) as number;
    expect(legal).toEqual([{ type: 'draw' }]);
    for (const action of legal) expect(game.controls.decode(game.controls.encode(action))).toEqual(action);
    const rows = game.controls.rows(state, seat);
    expect(rows.flat().map((c) => (c.kind === 'button' ? c.action : null))).toEqual(legal);
    expect(game.controls.rows(state, (seat + 1) % seats)).toEqual([]);
    for (const level of game.computer.levels)
      expect(legal).toContainEqual(game.computer.choose(state, level, seedRng(String(nextInt(rng, 1e6)))));
    const result = game.rules.apply(state, legal[0]!);
    for (const event of result.events)
      expect(game.texts.describeEvent(event, result.state, ctx)).toBeTruthy();
    state = result.state;
  }
  return { final: state, steps };
}

describe('the module', () => {
  it('declares seats, one computer level, no options and a turn limit', () => {
    expect(game.key).toBe('candyland');
    expect(game.seats).toEqual({ min: 2, max: 4, default: 4 });
    expect(game.options).toEqual([]);
    expect(game.computer.levels).toEqual(['auto']);
    expect(game.autoPlayForcedMs).toBeGreaterThan(0);
    // Its rules count the rounds (at the limit: no winner); the range is the platform's.
    expect(game.turnLimit).toEqual({ countedBy: 'rules' });
    expect(turnLimitRange(game)).toEqual({ min: 1, max: 500 });
    expect(RULES.length).toBeLessThanOrEqual(3800);
  });

  it.each([2, 3, 4])(
    'plays random games to the end with %i seats, with and without a turn limit',
    (seats) => {
      for (const limit of [undefined, 1, 5]) {
        for (let i = 0; i < 10; i++) {
          const { final, steps } = playout(seats, `module:${seats}:${limit}:${i}`, limit);
          expect(game.rules.isOver(final)).toBe(true);
          expect(game.rules.currentSeat(final)).toBeNull();
          expect(game.rules.legalActions(final)).toEqual([]);
          expect(steps).toBeLessThan(2000);
          expect(() => game.rules.apply(final, { type: 'draw' })).toThrow(IllegalActionError);
          const places = game.rules.standings(final).map((s) => s.place);
          expect(places).toEqual(final.positions.map((p) => 1 + final.positions.filter((q) => q > p).length));
          if (limit !== undefined && final.winner === null) expect(final.round).toBe(limit);
          expect(JSON.parse(JSON.stringify(final))).toEqual(final);
        }
      }
    },
  );

  it('decodes nothing but its own token', () => {
    expect(game.controls.encode({ type: 'draw' })).toBe('d');
    expect(game.controls.decode('x')).toBeNull();
    expect(game.controls.decode('')).toBeNull();
  });
});

describe('texts', () => {
  const line = (event: GameEvent): string | null => game.texts.describeEvent(event, {} as GameState, ctx);

  it('writes the log lines players read', () => {
    expect(line({ type: 'draw', seat: 0, card: { color: 'green', count: 2 }, from: 13, landing: 19 })).toBe(
      'Ada draws double green: 13 → 19',
    );
    expect(line({ type: 'draw', seat: 1, card: { color: 'red', count: 1 }, from: 0, landing: 1 })).toBe(
      'Bo draws red: start → 1',
    );
    expect(line({ type: 'shortcut', seat: 0, name: 'Rainbow Trail', from: 4, to: 60 })).toBe(
      'Ada takes the Rainbow Trail to 60',
    );
    expect(line({ type: 'licorice', seat: 0, space: 45 })).toBe(
      'Ada is stuck on licorice and loses the next turn',
    );
    expect(line({ type: 'draw', seat: 0, card: { picture: 'ice-cream' }, from: 40, landing: 20 })).toBe(
      'The ice cream card sends Ada back from 40 to 20',
    );
    expect(line({ type: 'draw', seat: 2, card: { picture: 'star' }, from: 10, landing: 42 })).toBe(
      'Cy draws the star card: 10 → 42',
    );
    expect(line({ type: 'draw', seat: 3, card: { color: 'blue', count: 2 }, from: 128, landing: 133 })).toBe(
      'Di draws double blue: 128 → the Candy Castle',
    );
    expect(line({ type: 'reshuffle', cards: 1 })).toContain('(1 card)');
    expect(line({ type: 'turnLimit', rounds: 1 })).toBe('The turn limit of 1 round is reached: no winner');
  });

  it('gives status, hand, figures and level descriptions', () => {
    const state = gameWithCards(2, [{ color: 'green', count: 1 }]);
    state.positions = [38, 5];
    const after = game.rules.apply(state, { type: 'draw' }).state;
    expect(game.texts.status(after, ctx)[0]).toBe('Ada: 45 (loses the next turn)');
    expect(game.texts.hand(after, 0, ctx)).toContain('lose your next turn');
    expect(game.texts.figures(after, 0)).toEqual([
      { label: 'cards drawn', singular: 'card drawn', value: 1 },
      { label: 'shortcuts', singular: 'shortcut', value: 0 },
      {
        label: 'licorice stops',
        singular: 'licorice stop',
        value: 1,
        note: 'landings on licorice, each costing the next turn',
      },
      {
        label: 'times sent back',
        singular: 'time sent back',
        value: 0,
        note: 'picture cards that moved the pawn backwards',
      },
    ]);
    expect(game.texts.levelDescription('auto')).toContain('draws');
    after.positions[1] = 132;
    expect(game.texts.hand(after, 1, ctx)).toBe(
      'Candy Land has no hand: you are on 132, 1 space from the castle.',
    );
    after.positions[1] = 133;
    expect(game.texts.hand(after, 1, ctx)).toContain('in the Candy Castle');
  });
});

describe('commands', () => {
  it('draws only on the seat turn', () => {
    const state = game.rules.create({ seats: 2, seed: 'cmd' });
    const draw = game.commands.find((c) => c.name === 'draw')!;
    expect(draw.toAction({}, state, 0)).toEqual({ type: 'draw' });
    expect(draw.toAction({}, state, 1)).toEqual({ error: 'It is not your turn to draw.' });
  });

  it('runs the simulate tool with its options and refuses bad ones', () => {
    const tool = game.tools!.find((t) => t.name === 'simulate')!;
    expect(tool.options.map((o) => o.name)).toEqual(['seats', 'games']);
    const answer = tool.run({ seats: 3, games: 500 });
    expect(answer.text).toContain('500 games');
    expect(answer.image).toMatchObject({ kind: 'candyland-simulation', result: { seats: 3, games: 500 } });
    expect(() => tool.run({ seats: 3, games: 100_001 })).toThrow(/games/);
    expect(() => tool.run({ seats: 5, games: 10 })).toThrow(/seats/);
  });
});
