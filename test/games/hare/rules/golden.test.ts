/**
 * Golden playthroughs: complete games played by a fixed deterministic player, written as transactions logs
 * under test/games/hare/golden/. To regenerate them on purpose (after a deliberate rules or wording change), run
 *   UPDATE_GOLDEN=1 npx vitest run test/games/hare/rules/golden.test.ts
 * and review the diff before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  describeEvent,
  seedRng,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import { mixedChoice } from './players';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface GoldenGame {
  file: string;
  rules: RulesName;
  seats: number;
  seed: string;
  turnLimit: number;
}

const GAMES: GoldenGame[] = [
  { file: 'standard-4-seats.log', rules: 'standard', seats: 4, seed: 'golden standard four', turnLimit: 80 },
  { file: 'standard-2-seats.log', rules: 'standard', seats: 2, seed: 'golden standard two', turnLimit: 80 },
  { file: 'classic-4-seats.log', rules: 'classic', seats: 4, seed: 'golden classic four', turnLimit: 80 },
  { file: 'classic-6-seats.log', rules: 'classic', seats: 6, seed: 'golden classic six', turnLimit: 80 },
];

function transactionsLog(game: GoldenGame): string[] {
  const chooser = seedRng(`player ${game.seed}`);
  let state = createGame({
    rules: game.rules,
    seats: game.seats,
    seed: game.seed,
    turnLimit: game.turnLimit,
  });
  const lines = [
    `# ${game.rules} rules, ${game.seats} seats, seed "${game.seed}", turn limit ${game.turnLimit}, ` +
      'played by mixedChoice (test/engine/players.ts)',
  ];
  while (!state.over) {
    const result = applyAction(state, mixedChoice(state, chooser));
    lines.push(...result.events.map((event) => describeEvent(event)));
    state = result.state;
  }
  return lines;
}

describe('golden playthroughs', () => {
  it.each(GAMES)('$file replays line by line', (game) => {
    const path = join(GOLDEN_DIR, game.file);
    const actual = transactionsLog(game);
    if (UPDATE) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(path, `${actual.join('\n')}\n`);
    }
    if (!existsSync(path)) {
      throw new Error(
        `missing ${path}: run UPDATE_GOLDEN=1 npx vitest run test/games/hare/rules/golden.test.ts`,
      );
    }
    const expected = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(actual).toEqual(expected);
  });

  it('the golden games cover both rule sets and end by finishing', () => {
    const logs = GAMES.map((game) => transactionsLog(game).join('\n'));
    expect(logs.every((log) => log.includes(' finishes 1st'))).toBe(true);
    expect(logs.every((log) => log.includes('Game over: '))).toBe(true);
  });
});
