/**
 * Plays computer players of one game against each other and prints how each level did.
 *
 *   npm run tournament -- --game hare --lineup advanced,novice,novice,novice --games 1000
 *   npm run tournament -- --game greed --games 2000
 *   npm run tournament -- --game hedgehogs --games 1000
 *
 * `--game` (default hare) chooses the game; every other argument goes to that game's tournament in
 * scripts/tournaments/<game>.ts, whose header lists them.
 */
import { usageError } from './args';

type Runner = (argv: string[]) => void;

const TOURNAMENTS: Record<string, () => Promise<Runner>> = {
  hare: async () => (await import('./tournaments/hare')).runHareTournament,
  greed: async () => (await import('./tournaments/greed')).runGreedTournament,
  hedgehogs: async () => (await import('./tournaments/hedgehogs')).runHedgehogsTournament,
};

/** The game named by `--game X` or `--game=X`, and the arguments without it. */
export function splitGameArgument(argv: readonly string[]): { game: string; rest: string[] } {
  const rest: string[] = [];
  let game = 'hare';
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--game') game = argv[++index] ?? '';
    else if (argument.startsWith('--game=')) game = argument.slice('--game='.length);
    else rest.push(argument);
  }
  return { game, rest };
}

async function main(): Promise<void> {
  const { game, rest } = splitGameArgument(process.argv.slice(2));
  const load = TOURNAMENTS[game];
  if (!load) {
    usageError(
      "npm run tournament -- [--game hare|greed|hedgehogs] [the game's options]",
      `tournament: --game must be one of ${Object.keys(TOURNAMENTS).join(', ')}, not "${game}"`,
    );
  }
  (await load())(rest);
}

await main();
