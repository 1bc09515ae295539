/** Golden playthroughs: a fixed seed and fixed computer levels give the same observations, always. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/greed/computer/index';
import { applyAction, createGame, observe } from '../../../src/games/greed/rules/index';

const GOLDEN = join(__dirname, 'golden');
const CASES = [
  { name: 'two-steady-greedy', seats: 2, levels: ['steady', 'greedy'], options: {} },
  {
    name: 'three-small-dice',
    seats: 3,
    levels: ['cautious', 'greedy', 'steady'],
    options: { dice: 3, faces: 4, entry: 0, target: 1500 },
  },
];

describe('golden playthroughs', () => {
  it.each(CASES)('$name', ({ name, seats, levels, options }) => {
    let state = createGame({ seats, seed: `golden:${name}`, options });
    const log = [observe(state)];
    while (!state.over) {
      state = applyAction(state, chooseAction(state, levels[state.current]!)).state;
      log.push(observe(state));
    }
    const file = join(GOLDEN, `${name}.json`);
    const text = `${JSON.stringify(log, null, 1)}\n`;
    if (!existsSync(file) || process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
    expect(text).toBe(readFileSync(file, 'utf8'));
  });
});
