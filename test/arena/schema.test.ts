/**
 * The players' JSON Schemas: the committed docs/players-schema/<game>.json are what `npm run players:schema`
 * writes, and the observed states and legal actions of many played games (every seat count, the games'
 * options) pass both the zod schemas and the published documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_SCHEMAS } from '../../src/arena/schemas/index';
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { CURRENT_GENERATOR, seedRng } from '../../src/games/kit/random';
import { schemaFiles } from '../../scripts/players-schema-files';
import { validate } from './json-schema-subset';

type Json = Record<string, unknown>;

const VARIANTS: Record<string, Record<string, unknown>[]> = {
  hare: [{ rules: 'standard' }, { rules: 'classic' }],
  greed: [{}, { dice: 3, faces: 4, entry: 0, target: 1000 }, { dice: 8, faces: 12, target: 2000 }],
  candyland: [{}],
  hedgehogs: [{ obstacles: 'published' }, { obstacles: 'random' }],
};

/** Observed states and legal actions, as move requests would carry them, from played games. */
function* requests(module: AnyGameModule): Generator<{ state: unknown; legal: unknown[] }> {
  for (const options of VARIANTS[module.key]!)
    for (let seats = module.seats.min; seats <= module.seats.max; seats++) {
      let state = module.rules.create({
        seats,
        seed: `schema-${seats}`,
        options: { ...options, turnLimit: 60 },
        generator: CURRENT_GENERATOR,
      });
      const rng = seedRng(`${module.key}-${seats}`);
      for (let step = 0; !module.rules.isOver(state); step++) {
        const seat = module.rules.currentSeat(state)!;
        const legal = module.rules.legalActions(state);
        const watchers = step % 7 === 0 ? Array.from({ length: seats }, (_, s) => s) : [seat];
        for (const watcher of watchers) yield { state: module.rules.observe(state, watcher), legal };
        const action = module.computer.choose(
          module.rules.observe(state, seat),
          module.computer.levels[0]!,
          rng,
        );
        state = module.rules.apply(state, action).state;
      }
    }
}

describe("the players' schemas", () => {
  it('are committed as npm run players:schema writes them', async () => {
    for (const { path, text } of await schemaFiles()) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  for (const module of GAMES.all)
    it(`${module.key}: every observed state and action of played games passes the zod schema and the document`, () => {
      const schemas = GAME_SCHEMAS[module.key]!;
      const document = JSON.parse(
        readFileSync(`${__dirname}/../../docs/players-schema/${module.key}.json`, 'utf8'),
      ) as Json;
      const defs = document.$defs as Record<string, Json>;
      let checked = 0;
      const actions = new Set<string>();
      for (const { state, legal } of requests(module)) {
        schemas.state.parse(state);
        if (checked % 5 === 0) {
          expect(validate(document, defs.state!, state)).toEqual([]);
          const request = {
            type: 'move',
            table: 't',
            id: 1,
            game: module.key,
            rules: {},
            seat: 0,
            state,
            legal,
            timeLeftMs: 2000,
          };
          expect(validate(document, defs.request!, request)).toEqual([]);
        }
        for (const action of legal) {
          schemas.action.parse(action);
          actions.add(JSON.stringify(action));
        }
        checked += 1;
      }
      for (const action of actions)
        expect(validate(document, defs.action!, JSON.parse(action) as unknown)).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    });

  it('refuse a state with a field they do not describe (so a new engine field fails this test)', () => {
    const module = GAMES.require('greed');
    const state = module.rules.observe(module.rules.create({ seats: 2, seed: 's' }), 0) as Json;
    expect(() => GAME_SCHEMAS.greed!.state.parse({ ...state, secret: 1 })).toThrow();
    const document = JSON.parse(
      readFileSync(`${__dirname}/../../docs/players-schema/greed.json`, 'utf8'),
    ) as Json;
    expect(
      validate(document, (document.$defs as Record<string, Json>).state!, { ...state, secret: 1 }),
    ).toEqual(['$: "secret" is not allowed']);
  });
});
