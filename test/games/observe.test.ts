/**
 * `observe(state, seat)`: the one place a game's secrets are filtered. For every game, through random games, a
 * seat's view (and the spectator's) must not change when another seat's secret or the random stream changes,
 * must keep everything else, and must still let the seat to act see its own choices.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import type { GameState as CandyState } from '../../src/games/candyland/rules/types';
import {
  HIDDEN_CARROTS,
  type GameEvent as HareEvent,
  type GameState as HareState,
} from '../../src/games/hare/rules/index';
import {
  HMAC_GENERATOR,
  SFC32_GENERATOR,
  nextInt,
  seedRng,
  type GameRng,
  type GeneratorVersion,
} from '../../src/games/kit/random';
import { canonicalJson } from '../../src/games/kit/same-action';
import { tinyModule } from '../support/tiny-game';

const MODULES: AnyGameModule[] = [...GAMES.all, tinyModule];
const GAMES_PER_MODULE = 2;
const MAX_ACTIONS = 250;
/** The steps of each module's first game where its computer players choose from their view (some think long). */
const COMPUTER_STEPS = new Set([1, 40]);

/** A change of a secret: another seat's (seat given) or no one's (null), such as the random stream. */
interface SecretChange {
  what: string;
  owner: number | null;
  apply(state: unknown): unknown;
}

/** Another stream of either generator (sfc32's words, or the HMAC generator's key). */
function otherStream(state: unknown): unknown {
  const stream = (state as { rng: GameRng }).rng;
  const other = Array.isArray(stream)
    ? stream.map((word) => (word + 0x9e3779b9) >>> 0)
    : { ...stream, key: `${stream.key}!` };
  return { ...(state as object), rng: other };
}

function reversed<T>(items: readonly T[]): T[] {
  return [...items].reverse();
}

/** Hare & Tortoise under the standard rules: every seat's carrots (and what tells them) until the end. */
function hareSecrets(state: HareState): SecretChange[] {
  const changes: SecretChange[] = [
    { what: 'the hare deck order', owner: null, apply: () => ({ ...state, deck: reversed(state.deck) }) },
  ];
  const log = state.actionLog;
  if (log && !state.over)
    changes.push({
      what: "the action log's starting stream (it foretells every card and roll)",
      owner: null,
      apply: () => ({
        ...state,
        actionLog: { ...log, startRng: (otherStream({ rng: log.startRng }) as { rng: GameRng }).rng },
      }),
    });
  if (state.rules !== 'standard' || state.over) return changes;
  state.seats.forEach((_, seat) => {
    changes.push({
      what: `seat ${seat}'s carrots`,
      owner: seat,
      apply: () => ({
        ...state,
        seats: state.seats.map((other, index) =>
          index === seat
            ? {
                ...other,
                carrots: other.carrots + 7,
                stats: { ...other.stats, carrotsSpent: other.stats.carrotsSpent + 3, carrotsEarned: 11 },
              }
            : other,
        ),
        history: state.history.map((point) => ({
          ...point,
          carrots: point.carrots.map((carrots, index) => (index === seat ? carrots + 5 : carrots)),
        })),
      }),
    });
  });
  return changes;
}

function secretsOf(module: AnyGameModule, state: unknown): SecretChange[] {
  const stream: SecretChange = { what: 'the random stream', owner: null, apply: otherStream };
  if (module.key === 'hare') return [stream, ...hareSecrets(state as HareState)];
  if (module.key === 'candyland') {
    const candy = state as CandyState;
    return [
      stream,
      {
        what: 'the deck order',
        owner: null,
        apply: () => ({ ...candy, drawPile: reversed(candy.drawPile) }),
      },
    ];
  }
  return [stream];
}

/** The state with the secrets put back: what a view must equal (the public part untouched). */
function publicPart(module: AnyGameModule, view: unknown, state: unknown, viewer: number | null): unknown {
  const restored: Record<string, unknown> = { ...(view as object), rng: (state as { rng: unknown }).rng };
  if (module.key === 'candyland') restored.drawPile = (state as CandyState).drawPile;
  if (module.key === 'hare') {
    const hare = state as HareState;
    const seen = view as HareState;
    restored.deck = hare.deck;
    if (hare.actionLog) restored.actionLog = hare.actionLog;
    restored.seats = seen.seats.map((seat, index) =>
      index === viewer
        ? seat
        : { ...seat, carrots: hare.seats[index]!.carrots, stats: hare.seats[index]!.stats },
    );
    restored.history = seen.history.map((point, turn) => ({
      ...point,
      carrots: hare.history[turn]!.carrots,
    }));
  }
  return restored;
}

function viewers(module: AnyGameModule, state: unknown): (number | null)[] {
  const seats = module.rules.standings(state).length;
  return [null, ...Array.from({ length: seats }, (_, seat) => seat)];
}

function checkViews(module: AnyGameModule, state: unknown): void {
  const json = JSON.stringify(state);
  for (const viewer of viewers(module, state)) {
    const view = module.rules.observe(state, viewer);
    expect(JSON.stringify(state), 'observe must not change the state').toBe(json);
    const seen = JSON.stringify(view);
    expect(JSON.stringify(module.rules.observe(view, viewer)), 'a view of a view').toBe(seen);
    expect(JSON.stringify(publicPart(module, view, state, viewer)), 'the public part').toBe(json);
    for (const secret of secretsOf(module, state)) {
      if (secret.owner === viewer) continue;
      const changed = module.rules.observe(secret.apply(state), viewer);
      expect(JSON.stringify(changed), `${secret.what} seen by ${String(viewer)}`).toBe(seen);
    }
  }
}

/**
 * Controls under the public board tell the table nothing secret: when the mover's own secret changes, they stay
 * the same, or else the game declares them private (GameControls.privateFor) and the board shows only Choose your
 * move. (Hare's menu costs and pay buttons depend on the mover's carrots, secret under the standard rules.)
 */
function checkPublicControls(module: AnyGameModule, state: unknown, seat: number): void {
  const view = module.rules.observe(state, seat);
  if (module.controls.privateFor?.(view, seat)) return;
  const shown = canonicalJson(module.controls.rows(view, seat));
  for (const secret of secretsOf(module, state)) {
    if (secret.owner !== seat) continue;
    const changed = module.rules.observe(secret.apply(state), seat);
    expect(canonicalJson(module.controls.rows(changed, seat)), `public controls tell ${secret.what}`).toBe(
      shown,
    );
  }
}

/** The seat to act sees in its view all it needs: the same legal actions, controls, hand and choices. */
function checkMoverView(module: AnyGameModule, state: unknown, step: number, computers: boolean): void {
  const seat = module.rules.currentSeat(state);
  if (seat === null) return;
  const view = module.rules.observe(state, seat);
  const legal = module.rules.legalActions(state).map(canonicalJson);
  expect(module.rules.legalActions(view).map(canonicalJson)).toEqual(legal);
  expect(canonicalJson(module.controls.rows(view, seat))).toBe(
    canonicalJson(module.controls.rows(state, seat)),
  );
  checkPublicControls(module, state, seat);
  const ctx = { names: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], viewerSeat: seat };
  expect(module.texts.hand(view, seat, ctx)).toBe(module.texts.hand(state, seat, ctx));
  if (computers && COMPUTER_STEPS.has(step)) {
    for (const level of module.computer.levels) {
      const choice = module.computer.choose(view, level, seedRng(`view:${step}`));
      expect(legal).toContain(canonicalJson(choice));
    }
  }
}

function* playedSteps(
  module: AnyGameModule,
  seed: string,
  options: Record<string, unknown>,
  generator: GeneratorVersion,
): Generator<{ state: unknown; events: unknown[] }> {
  const rng = seedRng(`choices:${seed}`);
  let state = module.rules.create({ seats: module.seats.max, seed, options, generator });
  yield { state, events: [] };
  for (let step = 0; step < MAX_ACTIONS && !module.rules.isOver(state); step++) {
    const legal = module.rules.legalActions(state);
    const result = module.rules.apply(state, legal[nextInt(rng, legal.length)]);
    state = result.state;
    yield result;
  }
}

/** The carrot counts an event of Hare & Tortoise tells (none for the events without any). */
function carrotsTold(event: HareEvent): number[] {
  if (event.type === 'finish') return [event.carrots];
  return 'carrotsBefore' in event ? [event.carrotsBefore, event.carrotsAfter] : [];
}

/** An event of a running game tells another seat's secret to no one but that seat, and the log line is the same. */
function checkEvents(module: AnyGameModule, state: unknown, events: readonly unknown[]): void {
  const observeEvent = module.rules.observeEvent;
  // Hare & Tortoise's events tell carrot counts; the other games' events tell nothing secret.
  expect(observeEvent !== undefined).toBe(module.key === 'hare');
  if (!observeEvent) return;
  const ctx = { names: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], viewerSeat: null };
  for (const event of events) {
    for (const viewer of viewers(module, state)) {
      const seen = observeEvent(event, state, viewer);
      expect(JSON.stringify(observeEvent(seen, state, viewer)), 'an observed event observed again').toBe(
        JSON.stringify(seen),
      );
      expect(module.texts.describeEvent(seen, state, ctx)).toBe(
        module.texts.describeEvent(event, state, ctx),
      );
      if (module.key !== 'hare') continue;
      const hare = event as HareEvent;
      const secret = (state as HareState).rules === 'standard' && !(state as HareState).over;
      const owner = 'seat' in hare ? hare.seat : null;
      const told = carrotsTold(seen as HareEvent);
      if (secret && owner !== viewer) expect(told.every((carrots) => carrots === HIDDEN_CARROTS)).toBe(true);
      else expect(told).toEqual(carrotsTold(hare));
    }
  }
}

function optionSets(module: AnyGameModule): Record<string, unknown>[] {
  return module.key === 'hare' ? [{ rules: 'standard' }, { rules: 'classic' }] : [{}];
}

describe('observe(state, seat): no view shows another seat’s secret or the random stream', () => {
  for (const module of MODULES) {
    it(`${module.key}: every seat's view and the spectator's, at every step of random games`, () => {
      for (const options of optionSets(module)) {
        for (let game = 0; game < GAMES_PER_MODULE; game++) {
          let step = 0;
          // The first game draws from the HMAC generator of new games, the second from sfc32 (older games).
          const generator = game === 0 ? HMAC_GENERATOR : SFC32_GENERATOR;
          const seed = `observe:${module.key}:${game}`;
          for (const { state, events } of playedSteps(module, seed, options, generator)) {
            checkViews(module, state);
            checkEvents(module, state, events);
            checkMoverView(module, state, step++, game === 0);
          }
        }
      }
    });
  }

  it('hare: a spectator sees no carrots of a standard race, a runner only its own', () => {
    const state = GAMES.require('hare').rules.create({
      seats: 3,
      seed: 'carrots',
      options: { rules: 'standard' },
    });
    const rules = GAMES.require('hare').rules;
    const seen = (viewer: number | null) =>
      (rules.observe(state, viewer) as HareState).seats.map((s) => s.carrots);
    expect(seen(null).some((carrots) => carrots === 65)).toBe(false);
    expect(seen(1)[1]).toBe(65);
    expect(seen(1).filter((carrots) => carrots === 65)).toHaveLength(1);
  });
});
