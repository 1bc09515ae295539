/**
 * Renders a sample board or game summary after a computer-played game, so anyone can look at the images.
 *
 *   npm run render -- --rules standard --seats 4 --seed demo --turns 40 --out board.png
 *   npm run render -- --summary --seats 5 --seed demo --out summary.png
 *
 * --turns N: the board shows the game once N whole turns (rounds) are played (turn N + 1 to act), with the
 * last round's moves as arrows; with --summary it is the turn limit (default 200) so that the game ends.
 * --level novice|intermediate|advanced (default novice), --viewer SEAT (1-based; default nobody).
 */
import { writeFileSync } from 'node:fs';
import { numberOption, parseArguments, usageError } from './args';
import { AI_LEVELS, chooseAction, type AiLevel } from '../src/games/hare/computer/index';
import {
  applyAction,
  createGame,
  seedRng,
  type GameEvent,
  type GameState,
  type RulesName,
} from '../src/games/hare/rules/index';
import { renderBoard, renderSummary, type SeatDisplay } from '../src/games/hare/render/index';

const DEMO_NAMES = ['Ada', 'Bram', 'Cleo', 'Dario', 'Eun-ji', 'Farah'];
const DEFAULT_SUMMARY_LIMIT = 200;

const USAGE =
  'npm run render -- [--rules standard|classic] [--seats N] [--seed S] [--turns N] ' +
  '[--level novice|intermediate|advanced] [--viewer SEAT] [--summary] [--out FILE]';

function parseOptions() {
  const { values } = parseArguments(USAGE, {
    options: {
      rules: { type: 'string', default: 'standard' },
      seats: { type: 'string', default: '4' },
      seed: { type: 'string', default: 'demo' },
      turns: { type: 'string' },
      level: { type: 'string', default: 'novice' },
      viewer: { type: 'string' },
      summary: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  if (values.rules !== 'standard' && values.rules !== 'classic')
    usageError(USAGE, '--rules is standard or classic');
  if (!AI_LEVELS.includes(values.level as AiLevel))
    usageError(USAGE, `--level is one of ${AI_LEVELS.join(', ')}`);
  const turns = values.turns === undefined ? undefined : Number(values.turns);
  if (turns !== undefined && !(Number.isInteger(turns) && turns >= 0))
    usageError(USAGE, '--turns is a whole number');
  return {
    rules: values.rules as RulesName,
    seats: numberOption(USAGE, 'seats', values.seats, 4, { min: 1 }),
    seed: values.seed,
    turns,
    level: values.level as AiLevel,
    viewer:
      values.viewer === undefined ? null : numberOption(USAGE, 'viewer', values.viewer, 1, { min: 1 }) - 1,
    summary: values.summary,
    out: values.out ?? (values.summary ? 'summary.png' : 'board.png'),
  };
}

/** Plays computer moves until `stop` says so or the game ends; returns the state and the last round's events. */
function play(state: GameState, level: AiLevel, seed: string, stop: (state: GameState) => boolean) {
  const rng = seedRng(`${seed}:ai`);
  const rounds: GameEvent[][] = [];
  let current = state;
  while (!current.over && !stop(current)) {
    const result = applyAction(current, chooseAction(current, level, rng));
    rounds.push(result.events);
    current = result.state;
  }
  return { state: current, recentEvents: rounds.slice(-current.seats.length).flat() };
}

function main(): void {
  const options = parseOptions();
  const seats: SeatDisplay[] = Array.from({ length: options.seats }, (_, index) => ({
    name: DEMO_NAMES[index] ?? `Seat ${index + 1}`,
    kind: options.level,
  }));
  const started = performance.now();
  let png: Buffer;
  if (options.summary) {
    const turnLimit = options.turns ?? DEFAULT_SUMMARY_LIMIT;
    const game = createGame({ rules: options.rules, seats: options.seats, seed: options.seed, turnLimit });
    const { state } = play(game, options.level, options.seed, () => false);
    png = renderSummary(state, { seats });
  } else {
    const turns = options.turns ?? 20;
    const game = createGame({ rules: options.rules, seats: options.seats, seed: options.seed });
    const { state, recentEvents } = play(game, options.level, options.seed, (s) => s.turn > turns);
    png = renderBoard(state, { seats, recentEvents, viewerSeat: options.viewer });
  }
  writeFileSync(options.out, png);
  const elapsed = (performance.now() - started).toFixed(0);
  console.log(
    `wrote ${options.out} (${png.length} bytes, ${elapsed} ms including the game and font loading)`,
  );
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
