/**
 * The conformance suite every game module passes: random playouts over every seat count and option set, with
 * the contract's promises checked at each step (legal actions, clear errors, purity, determinism, JSON round
 * trips, the custom-id codec, controls within Discord's limits, computer players' legality, standings).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, Control } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { IllegalActionError } from '../../src/games/kit/errors';
import { nextInt, seedRng, type RngState } from '../../src/games/kit/random';
import { canonicalJson } from '../../src/games/kit/same-action';
import { turnLimitRange } from '../../src/games/options';
import { createRegistry } from '../../src/games/registry';
import { noughtsModule } from '../fixtures/games/noughts/index';
import { tinyModule } from '../support/tiny-game';

/** Tiny declaring a turn limit in the platform's range (1 to 500 rounds), as registered. */
const defaultRange = createRegistry([
  { ...tinyModule, key: 'plain', turnLimit: { countedBy: 'rules' } } as AnyGameModule,
]).require('plain');
const MODULES: AnyGameModule[] = [...GAMES.all, tinyModule, noughtsModule, defaultRange];
const MAX_ACTIONS = 4000;

/** The module's option sets: the defaults, then each option at its extremes or each of its choices. */
function optionSets(module: AnyGameModule): Record<string, string | number>[] {
  const sets: Record<string, string | number>[] = [{}];
  for (const spec of module.options) {
    if (spec.type === 'text') continue;
    const key = spec.key ?? spec.name;
    const values =
      spec.type === 'integer' ? [spec.min, spec.max] : spec.choices.map((choice) => choice.value);
    for (const value of values) sets.push({ [key]: value });
  }
  return sets;
}

function turnLimit(module: AnyGameModule): number | undefined {
  const range = turnLimitRange(module);
  return range ? Math.min(range.max, Math.max(range.min, 25)) : undefined;
}

function controlActions(rows: Control<unknown>[][]): unknown[] {
  return rows
    .flat()
    .flatMap((control) =>
      control.kind === 'button' ? [control.action] : control.options.map((option) => option.action),
    );
}

function checkControls(module: AnyGameModule, state: unknown, seat: number, legal: readonly unknown[]): void {
  const rows = module.controls.rows(state, seat);
  expect(rows.length).toBeLessThanOrEqual(4);
  const legalKeys = new Set(legal.map(canonicalJson));
  for (const row of rows) {
    const selects = row.filter((control) => control.kind === 'select');
    expect(selects.length === 0 ? row.length <= 5 : row.length === 1).toBe(true);
    for (const control of row) {
      if (control.kind === 'button') {
        expect(control.label.length).toBeGreaterThan(0);
        expect(control.label.length).toBeLessThanOrEqual(80);
      } else {
        expect(control.placeholder.length).toBeLessThanOrEqual(150);
        expect(control.options.length).toBeGreaterThan(0);
        expect(control.options.length).toBeLessThanOrEqual(25);
        for (const option of control.options) expect(option.label.length).toBeLessThanOrEqual(100);
        const values = control.options.map((option) => module.controls.encode(option.action));
        expect(new Set(values).size).toBe(values.length);
      }
    }
  }
  for (const action of controlActions(rows)) expect(legalKeys.has(canonicalJson(action))).toBe(true);
}

function checkCodec(module: AnyGameModule, legal: readonly unknown[]): void {
  for (const action of legal) {
    const token = module.controls.encode(action);
    expect(token.length).toBeLessThanOrEqual(40);
    expect(token).not.toContain(':');
    expect(canonicalJson(module.controls.decode(token))).toBe(canonicalJson(action));
  }
}

function checkStandings(module: AnyGameModule, state: unknown, seats: number): void {
  const standings = module.rules.standings(state);
  expect(standings.map((s) => s.seat).sort((a, b) => a - b)).toEqual(
    Array.from({ length: seats }, (_, i) => i),
  );
  for (const { place } of standings) {
    expect(Number.isInteger(place)).toBe(true);
    expect(place).toBeGreaterThanOrEqual(1);
    expect(place).toBeLessThanOrEqual(seats);
  }
  expect(standings.some((s) => s.place === 1)).toBe(true);
}

/**
 * Every seat's view and the spectator's: JSON, the state left as it was, a view of a view the same view, and the
 * seat to act keeping its legal actions (test/games/observe.test.ts checks what each game's views hide).
 */
function checkViews(module: AnyGameModule, state: unknown, seats: number, legal: readonly unknown[]): void {
  const before = JSON.stringify(state);
  const mover = module.rules.currentSeat(state);
  for (const viewer of [null, ...Array.from({ length: seats }, (_, index) => index)]) {
    const view = module.rules.observe(state, viewer);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(JSON.stringify(module.rules.observe(view, viewer))).toBe(JSON.stringify(view));
    if (viewer === mover)
      expect(module.rules.legalActions(view).map(canonicalJson)).toEqual(legal.map(canonicalJson));
  }
  expect(JSON.stringify(state)).toBe(before);
}

function expectIllegal(fn: () => unknown): void {
  expect(fn).toThrow(IllegalActionError);
}

interface Playout {
  actions: unknown[];
  final: unknown;
}

/**
 * One random playout: the choices come from the seed, so the same seed plays the same game. `computerEvery` set:
 * every step is checked and computer players are asked every `computerEvery` steps; null: the game is only
 * played (a replay for determinism, whose states the checked playout of the same seed has already checked).
 */
function playout(
  module: AnyGameModule,
  seats: number,
  options: Record<string, string | number>,
  seed: string,
  computerEvery: number | null,
): Playout {
  let state = module.rules.create({ seats, seed, options: { ...options, turnLimit: turnLimit(module) } });
  const rng: RngState = seedRng(`choices:${seed}`);
  const actions: unknown[] = [];
  for (let step = 0; step < MAX_ACTIONS; step++) {
    const legal = module.rules.legalActions(state);
    const over = module.rules.isOver(state);
    expect(legal.length === 0).toBe(over);
    const seat = module.rules.currentSeat(state);
    expect(seat === null).toBe(over);
    if (computerEvery === null) {
      if (over) break;
      const action = legal[nextInt(rng, legal.length)];
      actions.push(action);
      state = module.rules.apply(state, action).state;
      continue;
    }
    checkViews(module, state, seats, legal);
    if (over) break;
    checkCodec(module, legal);
    checkControls(module, state, seat as number, legal);
    if (step % computerEvery === 0) {
      for (const level of module.computer.levels) {
        const choice = module.computer.choose(state, level, seedRng(`ai:${seed}:${step}`));
        expect(legal.map(canonicalJson)).toContain(canonicalJson(choice));
      }
    }
    expectIllegal(() => module.rules.apply(state, { type: '__not_a_move__' }));
    const action = legal[nextInt(rng, legal.length)];
    const before = JSON.stringify(state);
    const roundTripped = JSON.parse(before);
    const result = module.rules.apply(state, action);
    expect(JSON.stringify(state)).toBe(before);
    expect(JSON.stringify(module.rules.apply(roundTripped, JSON.parse(JSON.stringify(action))))).toBe(
      JSON.stringify(result),
    );
    actions.push(action);
    state = result.state;
  }
  expect(module.rules.isOver(state)).toBe(true);
  checkStandings(module, state, seats);
  expectIllegal(() => module.rules.apply(state, actions[0]));
  return { actions, final: state };
}

describe.each(MODULES.map((module) => [module.key, module] as const))('the %s module', (_key, module) => {
  it('declares a consistent seat range, levels and options', () => {
    expect(module.seats.min).toBeGreaterThanOrEqual(1);
    expect(module.seats.min).toBeLessThanOrEqual(module.seats.default);
    expect(module.seats.default).toBeLessThanOrEqual(module.seats.max);
    expect(module.computer.levels).toContain(module.computer.defaultLevel);
    for (const spec of module.options) {
      if (spec.type === 'integer')
        expect(spec.default === null || (spec.default >= spec.min && spec.default <= spec.max)).toBe(true);
      if (spec.type === 'string') expect(spec.choices.map((c) => c.value)).toContain(spec.default);
    }
  });

  const cheap = module.computer.levels.length <= 1 || module.key !== 'hare';
  for (let seats = module.seats.min; seats <= module.seats.max; seats++) {
    for (const options of optionSets(module)) {
      it(`plays random games with ${seats} seats and ${JSON.stringify(options)}`, () => {
        const seed = `conformance:${seats}:${JSON.stringify(options)}`;
        const first = playout(module, seats, options, seed, cheap ? 7 : 97);
        const again = playout(module, seats, options, seed, null);
        expect(canonicalJson(again.actions)).toBe(canonicalJson(first.actions));
        expect(canonicalJson(again.final)).toBe(canonicalJson(first.final));
        let replayed = module.rules.create({
          seats,
          seed,
          options: { ...options, turnLimit: turnLimit(module) },
        });
        for (const action of first.actions) replayed = module.rules.apply(replayed, action).state;
        expect(canonicalJson(replayed)).toBe(canonicalJson(first.final));
      });
    }
  }
});
