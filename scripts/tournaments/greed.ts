/**
 * Greed's computer levels head to head: every pair of levels plays 2-seat games, the seats swapped from game
 * to game, and the table gives the row level's share of wins (a tie counts half) with its 95% interval.
 *
 *   npm run tournament -- --game greed --games 2000 [--seed S] [--levels expert,steady] [--dice 5 --faces 6
 *   --entry 300 --target 5000]
 */
import { parseArguments, usageError } from '../args';
import { fileURLToPath } from 'node:url';
import { COMPUTER_LEVELS, chooseAction } from '../../src/games/greed/computer/index';
import { applyAction, createGame, places } from '../../src/games/greed/rules/index';
import type { GreedOptions } from '../../src/games/greed/rules/types';
import { percentile, shareWithInterval } from './statistics';

interface Config {
  games: number;
  seed: string;
  levels: string[];
  options: Partial<GreedOptions>;
}

const USAGE =
  'npm run tournament -- --game greed [--games 2000] [--seed S] [--levels a,b,…] [--dice N] [--faces N] [--entry N] [--target N]';

function fail(message: string): never {
  return usageError(USAGE, `tournament: ${message}`);
}

function whole(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) fail(`--${name} must be a whole number, not "${text}"`);
  return value;
}

function readConfig(argv: string[]): Config {
  const { values } = parseArguments(USAGE, {
    args: argv,
    options: {
      games: { type: 'string', default: '2000' },
      seed: { type: 'string', default: 'tournament' },
      levels: { type: 'string', default: COMPUTER_LEVELS.join(',') },
      dice: { type: 'string' },
      faces: { type: 'string' },
      entry: { type: 'string' },
      target: { type: 'string' },
    },
  });
  const levels = values.levels.split(',');
  for (const level of levels)
    if (!(COMPUTER_LEVELS as readonly string[]).includes(level))
      fail(`unknown level "${level}" (levels: ${COMPUTER_LEVELS.join(', ')})`);
  const options: Partial<GreedOptions> = {};
  for (const name of ['dice', 'faces', 'entry', 'target'] as const) {
    const value = whole(values[name], name);
    if (value !== undefined) options[name] = value;
  }
  const games = whole(values.games, 'games') ?? 0;
  if (games < 2) fail('--games must be at least 2');
  return { games, seed: values.seed, levels, options };
}

/** Plays one game; returns each seat's points (1 win, 0.5 tie, 0 loss) and decision times. */
function playGame(
  config: Config,
  seatLevels: string[],
  seed: string,
  decisionMs: Map<string, number[]>,
): number[] {
  let state = createGame({ seats: 2, seed, options: config.options });
  while (!state.over) {
    const started = performance.now();
    const level = seatLevels[state.current]!;
    const action = chooseAction(state, level);
    decisionMs.get(level)!.push(performance.now() - started);
    state = applyAction(state, action).state;
  }
  const [first, second] = places(state);
  if (first === second) return [0.5, 0.5];
  return first === 1 ? [1, 0] : [0, 1];
}

function headToHead(config: Config, a: string, b: string, decisionMs: Map<string, number[]>): number {
  let pointsOfA = 0;
  for (let game = 0; game < config.games; game++) {
    const swapped = game % 2 === 1;
    const seatLevels = swapped ? [b, a] : [a, b];
    const points = playGame(config, seatLevels, `${config.seed}:${a}:${b}:${game >> 1}`, decisionMs);
    pointsOfA += swapped ? points[1]! : points[0]!;
  }
  return pointsOfA;
}

/** Runs the tournament that `argv` (the arguments after `--game greed`) describes and prints its table. */
export function runGreedTournament(argv: string[]): void {
  const config = readConfig(argv);
  const decisionMs = new Map(config.levels.map((level) => [level, [] as number[]]));
  const started = performance.now();
  console.log(
    `Greed, 2 seats, ${config.games} games per pair (seats swapped every game), seed "${config.seed}", options ${JSON.stringify(config.options)}`,
  );
  console.log(`| row level vs column level | ${config.levels.join(' | ')} |`);
  console.log(`|---|${config.levels.map(() => '---').join('|')}|`);
  for (const a of config.levels) {
    const cells = config.levels.map((b) =>
      a === b ? '–' : shareWithInterval(headToHead(config, a, b, decisionMs), config.games),
    );
    console.log(`| ${a} | ${cells.join(' | ')} |`);
  }
  console.log('\n| level | decision p50 | p95 | max |');
  console.log('|---|---|---|---|');
  for (const [level, times] of decisionMs) {
    const sorted = [...times].sort((x, y) => x - y);
    const ms = (value: number) => `${value.toFixed(3)} ms`;
    console.log(
      `| ${level} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(sorted.at(-1) ?? NaN)} |`,
    );
  }
  console.log(`\nwall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runGreedTournament(process.argv.slice(2));
