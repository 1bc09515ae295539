/**
 * Plays computer players against each other and prints how each level did.
 *
 *   npm run tournament -- --game hare --rules standard --seats 4 --lineup advanced,novice,novice,novice --games 1000
 *
 * Options: --rules standard|classic, --seats 2..6, --lineup (one level per seat; a single level fills
 * every seat), --games N, --seed S, --turn-limit R (rounds; default 200), --horizon H (the advanced
 * player's look-ahead budget). The seat order is rotated from game to game, so with N a multiple of the
 * seat count every lineup entry plays every seat equally often. All randomness comes from the seed.
 */
import { parseArguments, usageError } from '../args';
import { percent, percentile, wilson } from './statistics';
import {
  applyAction,
  createGame,
  MAX_SEATS,
  MIN_SEATS,
  seedRng,
  type GameState,
  type RngState,
  type RulesName,
} from '../../src/games/hare/rules/index';
import {
  AI_LEVELS,
  chooseAction,
  DEFAULT_ADVANCED_OPTIONS,
  type AiLevel,
  type AiOptions,
} from '../../src/games/hare/computer/index';

interface TournamentConfig {
  rules: RulesName;
  lineup: AiLevel[];
  games: number;
  seed: string;
  turnLimit: number;
  options: AiOptions;
}

interface LevelTally {
  entries: number;
  gamesWon: number;
  placeSum: number;
  placed: number;
  finishRounds: number[];
  decisionMs: number[];
}

interface GameRecord {
  levels: AiLevel[];
  places: number[];
  finishRound: (number | null)[];
  hitTurnLimit: boolean;
}

const USAGE =
  'npm run tournament -- [--game hare] [--rules standard|classic] [--seats N] [--lineup a,b,…] [--games 100] [--seed S] [--turn-limit 200] [--horizon N]';

function fail(message: string): never {
  return usageError(USAGE, `tournament: ${message}`);
}

function parseLevel(text: string): AiLevel {
  const level = AI_LEVELS.find((candidate) => candidate === text.trim());
  return level ?? fail(`unknown level "${text}" (use ${AI_LEVELS.join(', ')})`);
}

function parsePositiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number >= 1, not "${text}"`);
  return value;
}

function readConfig(argv: string[]): TournamentConfig {
  const { values } = parseArguments(USAGE, {
    args: argv,
    options: {
      rules: { type: 'string', default: 'standard' },
      seats: { type: 'string' },
      lineup: { type: 'string', default: 'advanced,novice,novice,novice' },
      games: { type: 'string', default: '100' },
      seed: { type: 'string', default: 'tournament' },
      'turn-limit': { type: 'string', default: '200' },
      horizon: { type: 'string' },
    },
  });
  if (values.rules !== 'standard' && values.rules !== 'classic') fail('--rules must be standard or classic');
  let lineup = values.lineup.split(',').map(parseLevel);
  const seats = values.seats === undefined ? lineup.length : parsePositiveInteger(values.seats, 'seats');
  if (lineup.length === 1) lineup = Array.from({ length: seats }, () => lineup[0] as AiLevel);
  if (lineup.length !== seats) fail(`the lineup names ${lineup.length} levels for ${seats} seats`);
  if (seats < MIN_SEATS || seats > MAX_SEATS) fail(`a game has ${MIN_SEATS} to ${MAX_SEATS} seats`);
  const horizon = values.horizon === undefined ? undefined : parsePositiveInteger(values.horizon, 'horizon');
  return {
    rules: values.rules,
    lineup,
    games: parsePositiveInteger(values.games, 'games'),
    seed: values.seed,
    turnLimit: parsePositiveInteger(values['turn-limit'], 'turn-limit'),
    options: horizon === undefined ? {} : { advanced: { ...DEFAULT_ADVANCED_OPTIONS, maxHorizon: horizon } },
  };
}

/** The level at each seat in game `game`: the lineup rotated by the game number. */
function seatLevels(lineup: AiLevel[], game: number): AiLevel[] {
  return lineup.map((_, seat) => lineup[(seat + game) % lineup.length] as AiLevel);
}

function playGame(config: TournamentConfig, game: number, tallies: Map<AiLevel, LevelTally>): GameRecord {
  const levels = seatLevels(config.lineup, game);
  const gameSeed = `${config.seed}/${game}`;
  let state: GameState = createGame({
    rules: config.rules,
    seats: levels.length,
    seed: gameSeed,
    turnLimit: config.turnLimit,
  });
  const streams: RngState[] = levels.map((_, seat) => seedRng(`${gameSeed}/ai/${seat}`));
  const finishRound: (number | null)[] = levels.map(() => null);
  let hitTurnLimit = false;
  while (!state.over) {
    const seat = state.current;
    const level = levels[seat] as AiLevel;
    const started = performance.now();
    const action = chooseAction(state, level, streams[seat] as RngState, config.options);
    tallies.get(level)?.decisionMs.push(performance.now() - started);
    const round = state.turn;
    const result = applyAction(state, action);
    for (const event of result.events) {
      if (event.type === 'finish') finishRound[event.seat] = round;
      if (event.type === 'turn-limit') hitTurnLimit = true;
    }
    state = result.state;
  }
  return { levels, places: state.seats.map((s) => s.place ?? levels.length), finishRound, hitTurnLimit };
}

function record(tallies: Map<AiLevel, LevelTally>, game: GameRecord): void {
  const winners = new Set<AiLevel>();
  game.levels.forEach((level, seat) => {
    const tally = tallies.get(level) as LevelTally;
    const place = game.places[seat] as number;
    tally.placeSum += place;
    tally.placed += 1;
    if (place === 1) winners.add(level);
    const round = game.finishRound[seat];
    if (round !== null && round !== undefined) tally.finishRounds.push(round);
  });
  for (const level of winners) (tallies.get(level) as LevelTally).gamesWon += 1;
}

function printReport(
  config: TournamentConfig,
  tallies: Map<AiLevel, LevelTally>,
  limitHits: number,
  ms: number,
) {
  const header = `${config.rules} rules, ${config.lineup.length} seats, lineup ${config.lineup.join(',')}`;
  console.log(
    `${header}, ${config.games} games, seed "${config.seed}", turn limit ${config.turnLimit} rounds`,
  );
  console.log(
    '| level | seats | games won | win rate (95% CI) | per seat | mean place | mean rounds to finish (n) | decision p50 / p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [level, tally] of tallies) {
    const [low, high] = wilson(tally.gamesWon, config.games);
    const rate = tally.gamesWon / config.games;
    const rounds = tally.finishRounds;
    const meanRounds = rounds.reduce((sum, value) => sum + value, 0) / Math.max(1, rounds.length);
    const times = tally.decisionMs.slice().sort((a, b) => a - b);
    const cells = [
      level,
      String(tally.entries),
      String(tally.gamesWon),
      `${percent(rate)} (${percent(low)}–${percent(high)})`,
      percent(rate / tally.entries),
      (tally.placeSum / Math.max(1, tally.placed)).toFixed(2),
      `${meanRounds.toFixed(1)} (${rounds.length})`,
      `${percentile(times, 0.5).toFixed(2)} / ${percentile(times, 0.95).toFixed(2)} ms`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`games stopped by the turn limit: ${limitHits}; wall time ${(ms / 1000).toFixed(1)} s`);
}

/** Runs the Hare & Tortoise tournament that `argv` (the arguments after `--game hare`) describes. */
export function runHareTournament(argv: string[]): void {
  const config = readConfig(argv);
  const tallies = new Map<AiLevel, LevelTally>();
  for (const level of config.lineup) {
    const tally = tallies.get(level) ?? {
      entries: 0,
      gamesWon: 0,
      placeSum: 0,
      placed: 0,
      finishRounds: [],
      decisionMs: [],
    };
    tally.entries += 1;
    tallies.set(level, tally);
  }
  const started = performance.now();
  let limitHits = 0;
  for (let game = 0; game < config.games; game++) {
    const result = playGame(config, game, tallies);
    record(tallies, result);
    if (result.hitTurnLimit) limitHits++;
    if ((game + 1) % Math.max(1, Math.floor(config.games / 10)) === 0) {
      console.error(
        `  ${game + 1}/${config.games} games, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  printReport(config, tallies, limitHits, performance.now() - started);
}
