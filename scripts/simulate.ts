/**
 * Plays many games without the bot and prints the figures.
 *
 *   npm run -s simulate -- --game candyland --seats 4 --games 100000 [--seed S] [--json]
 *
 * (`-s` keeps npm's own lines off standard output.) With --json it prints exactly one JSON object:
 *   { "game", "seats", "games", "rounds": { "mean", "median", "max" }, "draws": { "mean" }, "winsBySeat" }
 */
import { parseArguments, usageError } from './args';
import { MAX_SIMULATED_GAMES, simulate, type SimulationResult } from '../src/games/candyland/simulate';
import { MAX_SEATS, MIN_SEATS } from '../src/games/candyland/rules/game';

const SIMULATED_GAMES = ['candyland'];

interface Arguments {
  game: string;
  seats: number;
  games: number;
  seed: string;
  json: boolean;
}

class UsageError extends Error {}

const USAGE = 'npm run -s simulate -- --game candyland --seats N --games G [--seed S] [--json]';

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  const value = Number(text);
  if (value < min || value > max)
    throw new UsageError(`--${name} must be from ${min} to ${max}, not ${value}`);
  return value;
}

function readArguments(argv: string[]): Arguments {
  const parsed = parseArguments(USAGE, {
    args: argv,
    options: {
      game: { type: 'string' },
      seats: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string', default: 'simulate' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const { values } = parsed;
  if (values.game === undefined) throw new UsageError('--game is required (one of: candyland)');
  if (!SIMULATED_GAMES.includes(values.game))
    throw new UsageError(`--game must be one of: ${SIMULATED_GAMES.join(', ')} (not "${values.game}")`);
  return {
    game: values.game,
    seats: wholeNumber('seats', values.seats, MIN_SEATS, MAX_SEATS),
    games: wholeNumber('games', values.games, 1, MAX_SIMULATED_GAMES),
    seed: values.seed,
    json: values.json,
  };
}

function asJson(game: string, result: SimulationResult): string {
  return JSON.stringify({
    game,
    seats: result.seats,
    games: result.games,
    rounds: { mean: result.rounds.mean, median: result.rounds.median, max: result.rounds.max },
    draws: { mean: result.draws.mean },
    winsBySeat: result.winsBySeat,
  });
}

function asText(game: string, result: SimulationResult, seconds: number): string {
  const shares = result.winsBySeat.map((share, seat) => `seat ${seat + 1} ${(share * 100).toFixed(2)}%`);
  return [
    `${game}: ${result.games.toLocaleString('en')} games with ${result.seats} seats (${seconds.toFixed(2)} s)`,
    `rounds   mean ${result.rounds.mean.toFixed(3)}  median ${result.rounds.median}  longest ${result.rounds.max}`,
    `draws    mean ${result.draws.mean.toFixed(3)}`,
    `wins     ${shares.join('  ')}`,
  ].join('\n');
}

function main(): void {
  let args: Arguments;
  try {
    args = readArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    usageError(USAGE, `simulate: ${error.message}`);
  }
  const started = performance.now();
  const result = simulate({ seats: args.seats, games: args.games, seed: args.seed });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${args.json ? asJson(args.game, result) : asText(args.game, result, seconds)}\n`);
}

main();
