/** Golden playthroughs: fixed seeds, every observation and log line saved and compared. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { observe } from '../../../src/games/candyland/rules/game';

const ctx = { names: ['Ada', 'Bo', 'Cy', 'Di'], viewerSeat: null };

function transcript(seats: number, seed: string, turnLimit: number | null): string {
  let state = game.rules.create({ seats, seed, options: { turnLimit } });
  const lines = [JSON.stringify(observe(state))];
  while (!game.rules.isOver(state)) {
    const result = game.rules.apply(state, { type: 'draw' });
    state = result.state;
    for (const event of result.events) lines.push(`  ${game.texts.describeEvent(event, state, ctx)}`);
    lines.push(JSON.stringify(observe(state)));
  }
  lines.push(JSON.stringify(game.rules.standings(state)));
  return `${lines.join('\n')}\n`;
}

const CASES = [
  { name: 'two-seats', seats: 2, seed: 'golden-2', turnLimit: null },
  { name: 'four-seats', seats: 4, seed: 'golden-4', turnLimit: null },
  { name: 'three-seats-limit', seats: 3, seed: 'golden-3', turnLimit: 4 },
] as const;

describe('golden playthroughs', () => {
  it.each(CASES)('$name matches its saved log', ({ name, seats, seed, turnLimit }) => {
    const path = fileURLToPath(new URL(`./golden/${name}.txt`, import.meta.url));
    const actual = transcript(seats, seed, turnLimit);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
    expect(actual).toBe(readFileSync(path, 'utf8'));
  });
});
