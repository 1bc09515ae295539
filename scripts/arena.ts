/**
 * The local arena: outside programs (docs/players-protocol.md) and the built-in computer levels play a game
 * against each other, and the arena prints how each did.
 *
 *   npm run arena -- --game hare --players ./my-player.py ./other.ts novice advanced --games 200 [--seed S] [--json]
 *
 * Options: --game (hare, greed, candyland, hedgehogs), --players (program files and level names), --games N
 * (default 100), --seed S (default "arena"), --table (everyone at one table instead of every pairing),
 * --option key=value (a game option, e.g. rules=classic; repeatable), --turn-limit R (rounds, default 200),
 * --time-limit MS (per move, default 2000), --parallel N (games at once, default the machine's cores),
 * --chart FILE (default arena-<game>.png; "none": no chart), --json (the table as JSON on stdout).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { numberOption, parseArguments, usageError } from './args';
import { drawArenaChart } from '../src/arena/chart';
import { DEFAULT_HELLO_TIME_MS, DEFAULT_MOVE_TIME_MS } from '../src/arena/protocol';
import type { ArenaConfig, Entrant } from '../src/arena/schedule';
import { reportTable } from '../src/arena/standings';
import { runArena } from '../src/arena/tournament';
import type { AnyGameModule } from '../src/games/contract';
import { GAMES } from '../src/games/index';

const USAGE =
  'npm run arena -- --game hare|greed|candyland|hedgehogs --players <program or level> … [--games 100] [--seed S] [--table] [--option key=value] [--turn-limit 200] [--time-limit 2000] [--parallel N] [--chart FILE|none] [--json]';

function fail(problem: string): never {
  return usageError(USAGE, `arena: ${problem}`);
}

/** `--players a b c` (or `--players a,b,c`): the words after it up to the next option, and the rest. */
function splitPlayers(argv: readonly string[]): { players: string[]; rest: string[] } {
  const players: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument !== '--players' && !argument.startsWith('--players=')) {
      rest.push(argument);
      continue;
    }
    if (argument.startsWith('--players=')) players.push(argument.slice('--players='.length));
    while (index + 1 < argv.length && !argv[index + 1]!.startsWith('--')) players.push(argv[++index]!);
  }
  return { players: players.flatMap((word) => word.split(',')).filter((word) => word !== ''), rest };
}

function entrantsOf(module: AnyGameModule, words: string[]): Entrant[] {
  if (words.length < 2) fail('--players needs at least two players (program files or levels)');
  const taken = new Map<string, number>();
  return words.map((word): Entrant => {
    const base = module.computer.levels.includes(word) && !existsSync(word) ? word : basename(word);
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    const name = seen === 1 ? base : `${base} #${seen}`;
    if (module.computer.levels.includes(word) && !existsSync(word))
      return { kind: 'builtin', name, level: word };
    if (!existsSync(word))
      fail(`"${word}" is neither a file nor a level of ${module.key} (${module.computer.levels.join(', ')})`);
    return { kind: 'program', name, program: resolve(word) };
  });
}

function gameOptions(module: AnyGameModule, pairs: string[], turnLimit: number): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const spec of module.options)
    if ('key' in spec && spec.key && 'default' in spec && spec.default !== null)
      options[spec.key] = spec.default;
  for (const pair of pairs) {
    const [key, value] = pair.split('=', 2);
    const spec = module.options.find((option) => 'key' in option && option.key === key);
    if (!spec || value === undefined)
      fail(
        `--option ${pair}: ${module.key} options are ${module.options.map((o) => `${'key' in o ? o.key : o.name}=…`).join(', ') || 'none'}`,
      );
    if (spec.type === 'integer') {
      const number = Number(value);
      if (!Number.isInteger(number) || number < spec.min || number > spec.max)
        fail(`--option ${pair}: ${key} is a whole number from ${spec.min} to ${spec.max}`);
      options[key!] = number;
    } else if (spec.type === 'string') {
      if (!spec.choices.some((choice) => choice.value === value))
        fail(`--option ${pair}: ${key} is one of ${spec.choices.map((choice) => choice.value).join(', ')}`);
      options[key!] = value;
    }
  }
  if (module.turnLimit !== null) options.turnLimit = turnLimit;
  return options;
}

function readConfig(argv: string[]): {
  config: ArenaConfig;
  parallel: number;
  chart: string | null;
  json: boolean;
} {
  const { players, rest } = splitPlayers(argv);
  const { values } = parseArguments(USAGE, {
    args: rest,
    options: {
      game: { type: 'string', default: 'hare' },
      games: { type: 'string' },
      seed: { type: 'string', default: 'arena' },
      table: { type: 'boolean', default: false },
      option: { type: 'string', multiple: true, default: [] },
      'turn-limit': { type: 'string' },
      'time-limit': { type: 'string' },
      parallel: { type: 'string' },
      chart: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const module =
    GAMES.get(values.game) ?? fail(`--game must be one of ${GAMES.all.map((m) => m.key).join(', ')}`);
  const entrants = entrantsOf(module, players);
  const mode = values.table ? 'table' : 'pairs';
  if (mode === 'table' && (entrants.length < module.seats.min || entrants.length > module.seats.max))
    fail(`--table seats everyone: ${module.key} takes ${module.seats.min} to ${module.seats.max} players`);
  const config: ArenaConfig = {
    game: module.key,
    entrants,
    games: numberOption(USAGE, 'games', values.games, 100, { min: 1 }),
    seed: values.seed,
    mode,
    options: gameOptions(
      module,
      values.option,
      numberOption(USAGE, 'turn-limit', values['turn-limit'], 200, { min: 1 }),
    ),
    timeLimitMs: numberOption(USAGE, 'time-limit', values['time-limit'], DEFAULT_MOVE_TIME_MS, { min: 1 }),
    helloTimeoutMs: DEFAULT_HELLO_TIME_MS,
  };
  const parallel = numberOption(USAGE, 'parallel', values.parallel, availableParallelism(), { min: 1 });
  const chart = values.chart === 'none' ? null : (values.chart ?? `arena-${module.key}.png`);
  return { config, parallel, chart, json: values.json };
}

async function main(): Promise<void> {
  const { config, parallel, chart, json } = readConfig(process.argv.slice(2));
  const started = performance.now();
  const report = await runArena(config, {
    parallel,
    onGame: json
      ? undefined
      : (_result, done, total) => process.stderr.write(`\rgames played: ${done}/${total}`),
  });
  const wallSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  if (chart) writeFileSync(chart, drawArenaChart(report));
  if (json) {
    console.log(JSON.stringify({ ...report, wallSeconds }, null, 2));
    return;
  }
  process.stderr.write('\n');
  const pairing = config.mode === 'table' ? 'all at one table' : 'every pairing in turn';
  console.log(
    `${config.game}, ${report.games} games (${pairing}), seed "${config.seed}", options ${JSON.stringify(config.options)}, ${config.timeLimitMs} ms a move`,
  );
  console.log(reportTable(report));
  for (const note of report.notes.slice(0, 10)) console.log(`game ${note.game}: ${note.text}`);
  if (report.notes.length > 10) console.log(`… and ${report.notes.length - 10} more hand-overs`);
  console.log(`wall time ${wallSeconds} s${chart ? `; chart: ${chart}` : ''}`);
}

await main();
