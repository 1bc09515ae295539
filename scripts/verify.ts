/**
 * npm run verify -- --game <key> --log FILE: checks a game's log (the JSON file of the Download log button or
 * `/<game> verify`) offline, without the bot or its database (docs/fairness.md): the server seed against the
 * commitment, the game's seed against the server seed and the Start click's id, and every roll, card and shuffle
 * replayed from the seed and the players' choices. Prints a line per check; exit 0 when everything matches, 1
 * when something does not, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GAMES } from '../src/games/index';
import { checkGameLog, type GameLog } from '../src/service/index';

const USAGE = `usage: npm run verify -- --game <${GAMES.all.map((m) => m.key).join('|')}> --log FILE`;

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

let values: { game?: string; log?: string };
try {
  values = parseArgs({ options: { game: { type: 'string' }, log: { type: 'string' } } }).values;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!values.game || !values.log) fail('both --game and --log are needed');
const module = GAMES.get(values.game) ?? fail(`there is no game called ${values.game}`);
let log: GameLog;
try {
  log = JSON.parse(readFileSync(values.log, 'utf8')) as GameLog;
} catch (error) {
  fail(`cannot read the log ${values.log}: ${error instanceof Error ? error.message : String(error)}`);
}
const check = checkGameLog(module, log);
console.log(`${module.title} game ${log.id ?? '?'}`);
for (const line of check.lines) console.log(line);
process.exit(check.ok ? 0 : 1);
