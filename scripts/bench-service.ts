/**
 * Service throughput: many concurrent computer-only games in one process, real clock, a temp database file.
 * Every computer turn goes the production path: timer → load the game → chooseAction → engine → one write
 * transaction (state + log row + version) → update listeners → next timer. Finished games are replaced at once,
 * so the number of running games stays constant.
 *
 * Prints: persisted turns per second; the time from a timer firing to its committed action (p50/p95/p99, the
 * work of one turn) and from the turn's due time to its commit (p95, which adds event-loop queueing); the
 * resident memory (peak); the average state JSON size and the database size.
 *
 * The default AI delay (100 ms) asks for more turns than one process can write, so "turns/s" is the capacity;
 * with a longer delay (e.g. --delay 500) it is the demand, and "due -> committed" shows the added latency.
 * Novice computers by default (decision time is not what this measures).
 *
 * `--database` names the database: a SQLite file path or a postgres:// URL (whose games tables it adds to, so use
 * an empty database); by default a SQLite file in a temporary folder.
 *
 * Usage: npm run bench:service [-- --games 1000 --seconds 15 --delay 100 --level novice --turn-limit 0
 *   --database <path or url> --pool 10]
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AI_LEVELS, type AiLevel } from '../src/games/hare/computer/index';
import { GameService, realClock, type Clock } from '../src/service/index';
import { openStorageAt } from '../src/store/open-storage';
import { numberOption, parseArguments, usageError } from './args';

const USAGE =
  'npm run bench:service [-- --games 1000 --seconds 15 --warmup 3 --delay 100 --level novice --turn-limit 0 ' +
  '--database <path or url> --pool 10]';
const NUMBERS = ['games', 'seconds', 'warmup', 'delay', 'turn-limit', 'pool'] as const;
const { values } = parseArguments(USAGE, {
  options: {
    ...Object.fromEntries(NUMBERS.map((name) => [name, { type: 'string' as const }])),
    level: { type: 'string' },
    database: { type: 'string' },
  },
});
const given = values as Record<string, string | undefined>;

function option(name: (typeof NUMBERS)[number], fallback: number): number {
  const fraction = name === 'seconds' || name === 'warmup';
  return numberOption(USAGE, name, given[name], fallback, { fraction });
}

function levelOption(): AiLevel {
  if (given.level === undefined) return 'novice';
  return (
    AI_LEVELS.find((level) => level === given.level) ??
    usageError(USAGE, `--level must be one of ${AI_LEVELS.join(', ')} (not "${given.level}")`)
  );
}

const GAMES = option('games', 1000);
const SECONDS = option('seconds', 15);
const WARMUP_SECONDS = option('warmup', 3);
const DELAY_MS = option('delay', 100);
const TURN_LIMIT = option('turn-limit', 0);
/** PostgreSQL's connections (DATABASE_POOL_SIZE); ignored by SQLite. */
const POOL_SIZE = option('pool', 10);
const LEVEL = levelOption();
// Channels of this run only: a --database may hold the games of an earlier run.
const RUN = Date.now().toString(36);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface FiringTimer {
  firedAt: number;
  dueAt: number;
}

/**
 * The real clock, noting in the timer's async context when it fired and when it was due (the turn's database
 * work is asynchronous, so other timers fire before it commits).
 */
function instrumentedClock(firing: AsyncLocalStorage<FiringTimer>): Clock {
  return {
    now: () => realClock.now(),
    clearTimeout: (handle) => realClock.clearTimeout(handle),
    setTimeout: (fn, ms) => {
      const dueAt = performance.now() + Math.max(0, ms);
      return realClock.setTimeout(() => firing.run({ firedAt: performance.now(), dueAt }, fn), ms);
    },
  };
}

function databaseOption(file: string): string {
  return given.database ?? file;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-bench-service-'));
  const file = path.join(dir, 'hare.db');
  const store = await openStorageAt(databaseOption(file), { poolSize: POOL_SIZE });
  const firing = new AsyncLocalStorage<FiringTimer>();
  const service = new GameService({
    store,
    clock: instrumentedClock(firing),
    config: { aiTurnDelayMs: DELAY_MS },
  });

  let measuring = false;
  let turns = 0;
  let stateBytes = 0;
  const workMs: number[] = [];
  const dueToCommitMs: number[] = [];
  let channel = 0;
  const openGame = async () => {
    const host = { id: 'bench-host', name: 'Bench' };
    const lobby = await service.openLobby({
      game: 'hare',
      guildId: 'bench',
      channelId: `bench-${RUN}-${channel++}`,
      host,
      hostSeated: false,
      seats: 4,
      computerLevel: LEVEL,
      turnLimit: TURN_LIMIT > 0 ? TURN_LIMIT : null,
    });
    await service.startGame(lobby.id, host.id);
  };
  let finishedGames = 0;
  service.on('update', (update) => {
    if (update.cause !== 'action') return;
    if (update.finished) {
      finishedGames++;
      openGame().catch((error: unknown) => console.error('could not open a game', error));
    }
    const timer = firing.getStore();
    if (!measuring || timer === undefined) return;
    const now = performance.now();
    turns++;
    workMs.push(now - timer.firedAt);
    dueToCommitMs.push(now - timer.dueAt);
    if (turns % 97 === 0) stateBytes += JSON.stringify(update.state).length;
  });

  const setupStart = performance.now();
  for (let i = 0; i < GAMES; i++) await openGame();
  const setupMs = performance.now() - setupStart;
  await service.start();

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  measuring = true;
  const finishedBefore = finishedGames;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuShare = (cpu.user + cpu.system) / 1e6 / elapsed;
  service.stop();
  // Turns already past their timer finish their write before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const active = (await store.games.listActiveGames()).length;
  const where = `${store.engine} (${store.location})`;
  await store.close();
  const dbBytes = ['', '-wal'].reduce((sum, suffix) => {
    const target = file + suffix;
    return sum + (fs.existsSync(target) ? fs.statSync(target).size : 0);
  }, 0);
  fs.rmSync(dir, { recursive: true, force: true });

  workMs.sort((a, b) => a - b);
  dueToCommitMs.sort((a, b) => a - b);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const f = (ms: number) => ms.toFixed(2);
  const sampledStates = Math.floor(turns / 97);
  console.log(
    `bench:service  ${GAMES} concurrent computer-only games (4 seats, ${LEVEL} computers, standard rules)`,
  );
  console.log(`  database: ${where}`);
  console.log(
    `  AI delay ${DELAY_MS} ms (demand up to ${Math.round((GAMES * 1000) / Math.max(1, DELAY_MS))} turns/s)`,
  );
  console.log(`  setup: ${GAMES} lobbies opened and started in ${(setupMs / 1000).toFixed(2)} s`);
  console.log(
    `  measured ${elapsed.toFixed(1)} s after ${WARMUP_SECONDS} s warm-up; ${active} games running at the end`,
  );
  console.log(`  persisted turns/s:            ${(turns / elapsed).toFixed(0)}  (target >= 2000)`);
  console.log(
    `  timer fired -> committed (ms): p50 ${f(percentile(workMs, 50))}  p95 ${f(percentile(workMs, 95))}  p99 ${f(percentile(workMs, 99))}  (target p95 <= 20)`,
  );
  console.log(
    `  turn due -> committed (ms):    p50 ${f(percentile(dueToCommitMs, 50))}  p95 ${f(percentile(dueToCommitMs, 95))}  (includes event-loop queueing)`,
  );
  console.log(
    `  CPU used by this process:     ${(cpuShare * 100).toFixed(0)}% of one core (it has one thread)`,
  );
  console.log(`  resident memory peak:         ${mb(peakRss)} MB  (target <= 300)`);
  console.log(`  games finished while measured: ${finishedGames - finishedBefore}`);
  console.log(
    `  state JSON average:           ${sampledStates ? (stateBytes / sampledStates / 1024).toFixed(1) : '?'} KiB`,
  );
  if (dbBytes > 0) console.log(`  database + WAL at the end:     ${mb(dbBytes)} MB`);
  console.log('  note: 2-core machine shared with other work; figures are noisy.');
}

await main();
