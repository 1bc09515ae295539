/**
 * Hedgehogs in a Hurry: a lineup of computer levels plays many games, the seats rotated from game to game, and
 * the table gives each lineup entry's share of wins with its 95% interval, and decision times per level.
 *
 *   npm run tournament -- --game hedgehogs --games 1000 [--lineup advanced,novice,novice,novice] [--seed S]
 *   [--obstacles published|random]
 */
import { parseArguments, usageError } from '../args';
import { fileURLToPath } from 'node:url';
import { COMPUTER_LEVELS, chooseAction } from '../../src/games/hedgehogs/computer/index';
import { applyAction, createGame, places } from '../../src/games/hedgehogs/rules/index';
import type { ObstacleLayout } from '../../src/games/hedgehogs/rules/types';
import { seedRng } from '../../src/games/kit/random';
import { percentile, shareWithInterval } from './statistics';

interface Config {
  games: number;
  seed: string;
  lineup: string[];
  obstacles: ObstacleLayout;
}

const USAGE =
  'npm run tournament -- --game hedgehogs [--games 1000] [--seed S] [--lineup a,b,…] [--obstacles published|random]';

function fail(message: string): never {
  return usageError(USAGE, `tournament: ${message}`);
}

function readConfig(argv: string[]): Config {
  const { values } = parseArguments(USAGE, {
    args: argv,
    options: {
      games: { type: 'string', default: '1000' },
      seed: { type: 'string', default: 'tournament' },
      lineup: { type: 'string', default: 'advanced,novice,novice,novice' },
      obstacles: { type: 'string', default: 'published' },
    },
  });
  const lineup = values.lineup.split(',');
  if (lineup.length < 2 || lineup.length > 6) fail('--lineup names 2 to 6 levels, one per seat');
  for (const level of lineup)
    if (!(COMPUTER_LEVELS as readonly string[]).includes(level))
      fail(`unknown level "${level}" (levels: ${COMPUTER_LEVELS.join(', ')})`);
  if (values.obstacles !== 'published' && values.obstacles !== 'random')
    fail('--obstacles is published or random');
  const games = Number(values.games);
  if (!Number.isInteger(games) || games < 1) fail('--games must be a whole number of at least 1');
  return { games, seed: values.seed, lineup, obstacles: values.obstacles };
}

/** Plays game `index` with the lineup rotated by it; returns each lineup entry's share of the win. */
function playGame(config: Config, index: number, decisionMs: Map<string, number[]>): number[] {
  const seats = config.lineup.length;
  const entryAt = (seat: number) => (seat + index) % seats;
  let state = createGame({
    seats,
    seed: `${config.seed}:${index}`,
    options: { obstacles: config.obstacles },
  });
  const streams = Array.from({ length: seats }, (_, seat) => seedRng(`${config.seed}:${index}:ai:${seat}`));
  while (state.phase !== 'over') {
    const level = config.lineup[entryAt(state.current)]!;
    const started = performance.now();
    const action = chooseAction(state, level, streams[state.current]!);
    decisionMs.get(level)!.push(performance.now() - started);
    state = applyAction(state, action).state;
  }
  const placed = places(state);
  const winners = placed.filter((place) => place === 1).length;
  const shares = new Array<number>(seats).fill(0);
  placed.forEach((place, seat) => {
    if (place === 1) shares[entryAt(seat)] = 1 / winners;
  });
  return shares;
}

/** Runs the tournament that `argv` (the arguments after `--game hedgehogs`) describes and prints its table. */
export function runHedgehogsTournament(argv: string[]): void {
  const config = readConfig(argv);
  const decisionMs = new Map(config.lineup.map((level) => [level, [] as number[]]));
  const wins = new Array<number>(config.lineup.length).fill(0);
  const started = performance.now();
  for (let game = 0; game < config.games; game++)
    playGame(config, game, decisionMs).forEach((share, entry) => (wins[entry]! += share));
  console.log(
    `Hedgehogs in a Hurry, ${config.lineup.length} seats, ${config.games} games (seats rotated), ${config.obstacles} obstacles, seed "${config.seed}"`,
  );
  console.log('| lineup entry | level | wins (95% interval) |');
  console.log('|---|---|---|');
  config.lineup.forEach((level, entry) =>
    console.log(`| ${entry + 1} | ${level} | ${shareWithInterval(wins[entry]!, config.games)} |`),
  );
  console.log('\n| level | decision p50 | p95 | max |');
  console.log('|---|---|---|---|');
  for (const [level, times] of decisionMs) {
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `| ${level} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(sorted.at(-1) ?? NaN)} |`,
    );
  }
  console.log(`\nwall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runHedgehogsTournament(process.argv.slice(2));
