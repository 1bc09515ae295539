/**
 * The fields a game added to its state for the summary (GameModule.laterStateFields) are optional: a game
 * stored before them loads, plays on to its end without them, and its summary is drawn without what they
 * would have told.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { nextInt, seedRng } from '../../src/games/kit/random';
import { textsDrawnBy } from './greed/drawn-texts';
import { loadGameRenderer } from '../../src/workers/render-pool';

const WITH_LATER_FIELDS = GAMES.all.filter((module) => module.laterStateFields?.length);

describe.each(WITH_LATER_FIELDS.map((module) => [module.key, module] as const))('%s', (key, module) => {
  it('keeps its later fields at the top of a new game’s state', () => {
    const state = module.rules.create({ seats: module.seats.min, seed: key }) as Record<string, unknown>;
    for (const field of module.laterStateFields!) expect(state).toHaveProperty(field);
  });

  it('plays on a state stored without them, and draws its summary', async () => {
    const rng = seedRng(`${key}:later`);
    let state = module.rules.create({ seats: module.seats.min, seed: key }) as Record<string, unknown>;
    const play = (steps: number) => {
      for (let step = 0; step < steps && !module.rules.isOver(state); step++) {
        const legal = module.rules.legalActions(state);
        state = module.rules.apply(state, legal[nextInt(rng, legal.length)]).state as Record<string, unknown>;
      }
    };
    play(20);
    const old = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
    for (const field of module.laterStateFields!) delete old[field];
    state = old;
    play(20_000);
    expect(module.rules.isOver(state)).toBe(true);
    for (const field of module.laterStateFields!) expect(state).not.toHaveProperty(field);
    const renderer = await loadGameRenderer(module);
    const seats = [
      { name: 'Ada', kind: 'human' },
      { name: 'Bo', kind: 'human' },
    ];
    const texts = textsDrawnBy(() => renderer.summary({ state, seats, stoppedBy: null })).map((t) => t.text);
    // Greed's chances need only the banked scores it always kept; its choices went with the field
    expect(texts.some((text) => text.startsWith('Chance to win'))).toBe(key === 'greed');
    expect(texts.some((text) => text.includes('gave away'))).toBe(false);
  });
});
