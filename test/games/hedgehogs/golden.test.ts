/** Golden playthroughs: fixed seeds and computer levels give the same observations, always. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { applyAction, createGame, observe } from '../../../src/games/hedgehogs/rules/index';
import { seedRng } from '../../../src/games/kit/random';

const CASES = [
  {
    name: 'three-published',
    seats: 3,
    levels: ['advanced', 'novice', 'advanced'],
    obstacles: 'published' as const,
  },
  {
    name: 'four-random',
    seats: 4,
    levels: ['novice', 'advanced', 'novice', 'advanced'],
    obstacles: 'random' as const,
  },
];

describe('golden playthroughs', () => {
  it.each(CASES)('$name', ({ name, seats, levels, obstacles }) => {
    let state = createGame({ seats, seed: `golden:${name}`, options: { obstacles } });
    const rng = seedRng(`golden:${name}:ai`);
    const log = [observe(state)];
    while (state.phase !== 'over') {
      state = applyAction(state, chooseAction(state, levels[state.current]!, rng)).state;
      log.push(observe(state));
    }
    const file = join(__dirname, 'golden', `${name}.json`);
    const text = `${JSON.stringify(log)}\n`.replaceAll('},{"phase"', '},\n{"phase"');
    if (!existsSync(file) || process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
    expect(text).toBe(readFileSync(file, 'utf8'));
  });
});
