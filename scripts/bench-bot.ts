/**
 * npm run bench:bot — through the local fake Discord and the real discord.js client: how long a move takes from
 * the click to its answer (the service persists the action before answering) and to the board message showing
 * the new state (render + persist + edit); the bot process's peak resident memory and its main thread's
 * event-loop delay. Once with one game, once with 100 games played at the same time in 100 channels.
 *
 * The fake Discord and the players run in a child process (scripts/bench-bot/players.ts): this process is the
 * bot alone, so its memory and event-loop figures are its own. `--soak` plays the sustained scenario for
 * `--soak-minutes` (default 10) instead and prints the bot's resident memory every minute. `--short` plays a
 * few moves in 3 games (the test suite runs it, test/benches.test.ts): it checks that the bench runs, not the
 * figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createBot } from '../src/bot/bot';
import { commands } from '../commands/index';
import { createLogger, silentLogger } from '../src/logger';
import { GameService } from '../src/service/index';
import type { GameRecord } from '../src/store/index';
import { openSqliteStorage } from '../src/store/sqlite/sqlite-storage';
import { BotFigures, type Figures } from './bench-bot/bot-figures';
import type { BotMessage, GameView, MoveSample, PlayersMessage, PlayersPlan } from './bench-bot/protocol';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:bot [-- --short | --soak [--soak-minutes 10]]';
const { values: args } = parseArguments(USAGE, {
  options: {
    soak: { type: 'boolean', default: false },
    'soak-minutes': { type: 'string', default: '10' },
    short: { type: 'boolean', default: false },
  },
});
const MOVES_PER_GAME = Number(process.env.BENCH_MOVES ?? (args.short ? 3 : 30));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (args.short ? 2 : 10));
const GAMES = Number(process.env.BENCH_GAMES ?? (args.short ? 3 : 100));
/** Between rounds of simultaneous moves: long enough for the turn mentions to go out at 50 requests/s. */
const THINK_MS = args.short ? 500 : 5000;
/** How long the bot may take to finish its work when the players are done. */
const CLOSE_GRACE_MS = 60_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

function report(label: string, samples: MoveSample[], figures: Figures): void {
  const response = samples.map((s) => s.responseMs);
  const board = samples.map((s) => s.boardMs);
  console.log(
    `${label.padEnd(22)} moves ${String(samples.length).padStart(5)} | response p50 ${ms(percentile(response, 50))}  p95 ${ms(percentile(response, 95))} | board updated p50 ${ms(percentile(board, 50))}  p95 ${ms(percentile(board, 95))}`,
  );
  console.log(
    `${''.padEnd(22)} deferred ${lateBoardClicks(samples)} | bot peak RSS ${figures.peakRssMb.toFixed(0)} MB | event-loop delay p99 ${figures.delayP99Ms.toFixed(1)} ms, max ${figures.delayMaxMs.toFixed(1)} ms`,
  );
}

/**
 * The board clicks answered with a deferral (the board was late), of all board clicks; a move chosen in the
 * private controls is answered with a deferral by design (its board comes by an edit) and is counted apart.
 */
function lateBoardClicks(samples: MoveSample[]): string {
  const board = samples.filter((s) => !s.fromPrivateControls);
  const late = board.filter((s) => s.deferred).length;
  return `${late} of ${board.length} board clicks (${samples.length - board.length} moves from private controls)`;
}

function view(game: GameRecord | null): GameView | null {
  if (!game) return null;
  const { id, status, version, channelId, state, seats } = game;
  return { id, status, version, channelId, state, seats };
}

/** The bot under test, started on the players' fake Discord; answers their questions until they are done. */
async function hostPlayers(plan: PlayersPlan): Promise<void> {
  const players = fork(new URL('./bench-bot/players.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: 'inherit',
  });
  const dir = mkdtempSync(join(tmpdir(), 'hare-bench-bot-'));
  const store = openSqliteStorage(join(dir, 'bench.db'));
  const service = new GameService({ store, config: { aiTurnDelayMs: 50 } });
  // Assigned once the players' fake Discord is up.
  let bot = null as ReturnType<typeof createBot> | null;
  const figures = new BotFigures();
  let minuteTimer: ReturnType<typeof setInterval> | null = null;
  const send = (message: BotMessage): void => {
    players.send(message);
  };

  const onMessage = async (message: PlayersMessage): Promise<void> => {
    switch (message.type) {
      case 'fake-ready':
        bot = createBot({
          commands,
          service,
          logger: process.env.BENCH_LOG ? createLogger({ level: 'debug' }) : silentLogger,
          api: message.apiUrl,
        });
        await service.start();
        await bot.login('bench');
        return send({ type: 'bot-ready' });
      case 'game':
        return send({
          type: 'game',
          requestId: message.requestId,
          game: view(await service.getGame(message.gameId)),
        });
      case 'channel-game':
        return send({
          type: 'game',
          requestId: message.requestId,
          game: view(await service.findActiveGameInChannel(message.channelId)),
        });
      case 'scenario-start':
        figures.start();
        if (message.everyMinute) minuteTimer = everyMinute(figures);
        return send({ type: 'scenario-started' });
      case 'scenario-end':
        if (minuteTimer) clearInterval(minuteTimer);
        return report(message.label, message.samples, figures.stop());
      case 'done':
        return;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      players.on('message', (message: PlayersMessage) => {
        onMessage(message).catch(reject);
        if (message.type === 'done') resolve();
      });
      players.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`bench players exited with code ${code}`)),
      );
      send({ type: 'plan', plan });
    });
  } finally {
    // The bot finishes its work (turn mentions queued behind the rate limit) while the fake Discord still runs.
    service.stop();
    await bot?.destroy(CLOSE_GRACE_MS);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (players.connected) send({ type: 'stop' });
    await exited(players);
  }
}

function everyMinute(figures: BotFigures): ReturnType<typeof setInterval> {
  let minute = 0;
  return setInterval(() => {
    minute += 1;
    console.log(`  minute ${String(minute).padStart(2)}: bot RSS ${figures.rssMb().toFixed(0)} MB`);
  }, 60_000);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function main(): Promise<void> {
  console.log(
    `bench:bot on ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB), node ${process.version}, ${new Date().toISOString()}`,
  );
  const plan = { movesPerGame: MOVES_PER_GAME, rounds: ROUNDS, thinkMs: THINK_MS };
  if (args.soak) {
    const soakMinutes = numberOption(USAGE, 'soak-minutes', args['soak-minutes'], 10, { fraction: true });
    await hostPlayers({ ...plan, channels: GAMES, scenarios: ['soak'], soakMinutes });
    console.log(`"soak": the sustained scenario for ${soakMinutes} minutes (a finished game is replaced).`);
    return;
  }
  await hostPlayers({ ...plan, channels: 1, scenarios: ['one game'], soakMinutes: 0 });
  await hostPlayers({ ...plan, channels: GAMES, scenarios: ['at once', 'sustained'], soakMinutes: 0 });
  console.log(
    `"at once": ${ROUNDS} rounds in which every game moves at the same instant, ${THINK_MS / 1000} s apart.\n` +
      '"sustained": every player clicks as soon as the board shows, in every game at once (no thinking).\n' +
      "Hare's standard rules keep the mover's controls private: the mover presses Choose your move, then\n" +
      'plays in the private reply; the times run from that playing click ("response": its answer; "board\n' +
      'updated": the public board showing the move, by an edit). Such a click is answered with a deferral\n' +
      '(the private reply is removed, the board follows by an edit); "deferred" counts only the clicks on\n' +
      'the board itself (moves the board offers directly) not answered with the board within 2.2 s. The\n' +
      'fake Discord and the players run in a child process: "bot peak RSS" and "event-loop delay" are the\n' +
      "bot process's own (its main thread).",
  );
}

await main();
// The bot's destroy leaves its grace timer (CLOSE_GRACE_MS) running after the work is done: nothing else
// is left.
process.exit(0);
