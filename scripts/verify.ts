/**
 * npm run verify -- --game <key> --log FILE [--commitment HEX] [--client-seed VALUE]… [--legacy]: checks a game's
 * log (the JSON file of the Download log button or `/<game> verify`) offline, without the bot or its database
 * (docs/fairness.md): the server seed against the commitment (and against the one you noted), the game's seed
 * against the server seed, the game's id and the seated people's values (yours among them), every roll, card
 * and shuffle replayed from the seed and the players' choices, every computer's choice made again, and a
 * finished game. A log without a commitment, or of a game from before the seated people's values, is refused
 * unless --legacy asks for an old game's check. Prints a line per check; exit 0 when everything matches, 1 when
 * something does not, 2 on a usage error (a malformed argument or file).
 */
import { readFileSync } from 'node:fs';
import { parseArguments, usageError } from './args';
import { GAMES } from '../src/games/index';
import {
  checkGameLog,
  CLIENT_SEED_PATTERN,
  COMMITMENT_PATTERN,
  looksLikeGameLog,
} from '../src/service/index';

const USAGE =
  `npm run verify -- --game <${GAMES.all.map((m) => m.key).join('|')}> --log FILE ` +
  '[--commitment <64 hex digits>] [--client-seed VALUE]... [--legacy]';

function fail(message: string): never {
  return usageError(USAGE, message);
}

interface Values {
  game?: string;
  log?: string;
  commitment?: string;
  'client-seed'?: string[];
  legacy?: boolean;
}

const values: Values = parseArguments(USAGE, {
  options: {
    game: { type: 'string' },
    log: { type: 'string' },
    commitment: { type: 'string' },
    'client-seed': { type: 'string', multiple: true },
    legacy: { type: 'boolean' },
  },
  allowPositionals: false,
}).values;
if (!values.game || !values.log) fail('both --game and --log are needed');
const module = GAMES.get(values.game) ?? fail(`there is no game called ${values.game}`);
const commitment = values.commitment?.trim().toLowerCase();
if (commitment !== undefined && !COMMITMENT_PATTERN.test(commitment))
  fail('--commitment takes the whole commitment: all 64 hex digits, as the lobby and your seat showed it');
const clientSeeds = (values['client-seed'] ?? []).map((value) => value.trim());
for (const value of clientSeeds)
  if (!CLIENT_SEED_PATTERN.test(value))
    fail(`--client-seed takes a value as the lobby showed it (1 to 64 letters, digits, - _ .), not ${value}`);

let log: unknown;
try {
  log = JSON.parse(readFileSync(values.log, 'utf8'));
} catch (error) {
  fail(`cannot read the log ${values.log}: ${error instanceof Error ? error.message : String(error)}`);
}
if (!looksLikeGameLog(log)) fail(`${values.log} is not a game log (the JSON file of Download log)`);

const check = await checkGameLog(module, log, {
  legacy: values.legacy ?? false,
  clientSeeds,
  ...(commitment ? { commitment } : {}),
});
console.log(`${module.title} game ${log.id}`);
for (const line of check.lines) console.log(line);
process.exit(check.ok ? 0 : 1);
