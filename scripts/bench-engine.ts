/**
 * Engine speed: random legal play, 4 seats, both rule sets, with a turn limit so every game ends.
 * One "action" is legalActions + a uniform random choice among them + applyAction (the choice is included).
 * Prints the median of several timed runs. Usage: npm run bench:engine [-- --runs 5 --seconds 2 --rules standard|classic]
 */
import {
  applyAction,
  createGame,
  legalActions,
  nextInt,
  seedRng,
  type RulesName,
} from '../src/games/hare/rules/index';
import { numberOption as optionNumber, parseArguments, usageError } from './args';

const SEATS = 4;
const TURN_LIMIT = 100;

interface RunFigures {
  actionsPerSecond: number;
  gamesPerSecond: number;
  actionsPerGame: number;
}

const USAGE = 'npm run bench:engine [-- --runs 5 --seconds 2 --rules standard|classic]';
const { values } = parseArguments(USAGE, {
  options: { runs: { type: 'string' }, seconds: { type: 'string' }, rules: { type: 'string' } },
});
if (values.rules !== undefined && values.rules !== 'standard' && values.rules !== 'classic')
  usageError(USAGE, `--rules must be standard or classic (not "${values.rules}")`);

/** Both rule sets, or the one named by --rules. */
function ruleSets(): RulesName[] {
  return values.rules === 'standard' || values.rules === 'classic' ? [values.rules] : ['standard', 'classic'];
}

function numberOption(name: 'runs' | 'seconds', fallback: number): number {
  return optionNumber(USAGE, name, values[name], fallback, { min: 0.001, fraction: name === 'seconds' });
}

/** Plays one complete game by uniform random legal choices; returns the number of actions taken. */
function playRandomGame(rules: RulesName, seed: string): number {
  const chooser = seedRng(`chooser ${seed}`);
  let state = createGame({ rules, seats: SEATS, seed, turnLimit: TURN_LIMIT });
  let actions = 0;
  while (!state.over) {
    const legal = legalActions(state);
    const action = legal[nextInt(chooser, legal.length)];
    if (action === undefined) throw new Error(`no legal action in a running game (seed ${seed})`);
    state = applyAction(state, action).state;
    actions++;
  }
  return actions;
}

function timedRun(rules: RulesName, seconds: number, runIndex: number): RunFigures {
  const start = performance.now();
  let elapsed = 0;
  let actions = 0;
  let games = 0;
  while (elapsed < seconds * 1000) {
    actions += playRandomGame(rules, `bench ${runIndex} ${games}`);
    games++;
    elapsed = performance.now() - start;
  }
  const perSecond = 1000 / elapsed;
  return {
    actionsPerSecond: actions * perSecond,
    gamesPerSecond: games * perSecond,
    actionsPerGame: actions / games,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function main(): void {
  const runs = numberOption('runs', 5);
  const seconds = numberOption('seconds', 2);
  console.log(
    `engine benchmark: random legal play, ${SEATS} seats, turn limit ${TURN_LIMIT}, ` +
      `${runs} runs of ~${seconds} s per rule set (random choice included in the action time)`,
  );
  playRandomGame('standard', 'warm-up');
  for (const rules of ruleSets()) {
    const figures: RunFigures[] = [];
    for (let run = 0; run < runs; run++) figures.push(timedRun(rules, seconds, run));
    const actionsPerSecond = figures.map((f) => f.actionsPerSecond);
    console.log(
      `${rules.padEnd(8)}  actions/s median ${formatCount(median(actionsPerSecond))} ` +
        `(min ${formatCount(Math.min(...actionsPerSecond))}, max ${formatCount(Math.max(...actionsPerSecond))})  ` +
        `games/s median ${median(figures.map((f) => f.gamesPerSecond)).toFixed(1)}  ` +
        `actions/game ${median(figures.map((f) => f.actionsPerGame)).toFixed(1)}`,
    );
  }
  console.log('note: the machine has 2 cores shared with other jobs; figures can be noisy.');
}

main();
