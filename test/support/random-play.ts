import type { AnyGameModule } from '../../src/games/contract';
import { nextInt, seedRng } from '../../src/games/kit/random';

/**
 * A game of the module's most seats after up to `actions` random legal actions (fewer if it ends), with the
 * events of the last one; the same seed gives the same game.
 */
export function randomlyPlayed(
  module: AnyGameModule,
  actions: number,
  seed: string,
): { state: unknown; events: unknown[] } {
  const rng = seedRng(seed);
  let state = module.rules.create({ seats: module.seats.max, seed, options: {} });
  let events: unknown[] = [];
  for (let step = 0; step < actions && !module.rules.isOver(state); step++) {
    const legal = module.rules.legalActions(state);
    const result = module.rules.apply(state, legal[nextInt(rng, legal.length)]);
    state = result.state;
    events = result.events;
  }
  return { state, events };
}
