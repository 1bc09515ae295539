/**
 * npm run bench:scale -- --processes 2 --shards 4 --guilds 1000 --games 2000 [--database URL] [--json]
 *
 * The sharded bot as an operator runs it: `--processes` processes of `src/main.ts` (HARE_SHARD_COUNT, each its
 * HARE_SHARD_IDS), on one database, against the local fake Discord with `--guilds` servers. Games are opened in the
 * servers (mostly computers-only games at fast speed, every `--human-every`th one with Alice's seat, every one with
 * `--people all`; the bench sends her clicks as soon as her turn shows); mid-run one process is killed with
 * SIGKILL and started again at once (as ShardingManager's respawn does). Prints games driven per process,
 * persisted turns/s, games finished a second, the board in front of the mover, the peak requests per second at
 * the fake, duplicate messages, lost actions, games driven by two processes and the takeover time after the kill. `--json`: one JSON object. Exit 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openStorageAt } from '../src/store/open-storage';
import type { Storage } from '../src/store/storage';
import type { ActionLogRow, GameRecord } from '../src/store/index';
import { BotProcesses, splitShards } from './bench-scale/processes';
import { channelWrites } from './bench-scale/writes';
import { Players, type OpenedGame } from './bench-scale/players';
import {
  drivenTwice,
  duplicatesIn,
  gamesPerInstance,
  lostActions,
  percentile,
  settledChannels,
  takeover,
  turnWaits,
} from './bench-scale/measure';
import { missingSummaries, report } from './bench-scale/report';
import { channelStory, describeStalledGames, StallWatch } from './bench-scale/diagnosis';
import { openWorld, TOKEN } from './bench-scale/world';
import { numberOption, parseArguments, usageError } from './args';

const USAGE =
  'npm run bench:scale -- [--processes 2] [--shards 4] [--guilds 100] [--games 200] [--database URL] [--json] ' +
  '[--lease-seconds 5] [--ai-delay-ms 1500] [--turn-limit 5] [--people all|some] [--human-every 10] ' +
  '[--budget-seconds 300] [--concurrency 64] [--background-redraws N] [--verbose]';
const { values: args } = parseArguments(USAGE, {
  options: {
    processes: { type: 'string', default: '2' },
    shards: { type: 'string', default: '4' },
    guilds: { type: 'string', default: '100' },
    games: { type: 'string', default: '200' },
    database: { type: 'string' },
    json: { type: 'boolean', default: false },
    'lease-seconds': { type: 'string', default: '5' },
    'ai-delay-ms': { type: 'string', default: '1500' },
    'turn-limit': { type: 'string', default: '5' },
    'human-every': { type: 'string', default: '10' },
    /** `all`: Alice plays a seat of every game (as --human-every 1); `some`: of every --human-every'th. */
    people: { type: 'string', default: 'some' },
    /** The bots' BACKGROUND_REDRAWS (default: theirs). */
    'background-redraws': { type: 'string' },
    'budget-seconds': { type: 'string', default: '300' },
    /** Games opened at the same time. */
    concurrency: { type: 'string', default: '64' },
    verbose: { type: 'boolean', default: false },
  },
});
const num = (name: keyof typeof args) => numberOption(USAGE, name, String(args[name]), 0, { fraction: true });
const PROCESSES = num('processes');
const SHARDS = num('shards');
const GUILDS = num('guilds');
const GAMES = num('games');
const LEASE_SECONDS = num('lease-seconds');
if (args.people !== 'all' && args.people !== 'some')
  usageError(USAGE, `--people must be all or some (not "${args.people}")`);
const HUMAN_EVERY = args.people === 'all' ? 1 : num('human-every');
const BACKGROUND_REDRAWS =
  args['background-redraws'] === undefined
    ? undefined
    : numberOption(USAGE, 'background-redraws', args['background-redraws'], 0);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const say = (text: string) => {
  if (!args.json) console.log(text);
};

let output = '';
/** The bot processes' ERROR lines. */
const errors: string[] = [];
const onOutput = (text: string) => {
  output += text;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (/ ERROR /.test(line)) errors.push(`${line} ${lines[i + 1] ?? ''}`);
  });
  if (args.verbose) process.stderr.write(text);
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench:scale: timed out waiting for ${what}\n${output}`);
    await sleep(200);
  }
}

/** `work` for every item, `limit` at a time. */
async function pooled<T, R>(
  items: T[],
  limit: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

async function main(): Promise<number> {
  if (PROCESSES < 1 || SHARDS < PROCESSES || GUILDS < 1 || GAMES < 1)
    throw new Error('bench:scale: needs 1 ≤ processes ≤ shards, and guilds and games ≥ 1');
  const dir = mkdtempSync(join(tmpdir(), 'hare-bench-scale-'));
  const url = args.database;
  const database: { url: string } | { path: string } = url ? { url } : { path: join(dir, 'hare.db') };
  // The bench's own reader: a new SQLite file is created and migrated by it before the bots start; a PostgreSQL
  // database is opened once the bots are up (a bot that refuses DATABASE_URL is told apart from a bad URL).
  let storage: Storage | null = 'path' in database ? await openStorageAt(database.path) : null;
  const world = await openWorld(GUILDS, GAMES, SHARDS);
  const { fake, alice } = world;
  // The requests of the bots only (the commands were deployed before).
  const countedBefore = fake.requestCounts;
  const bots = new BotProcesses({
    shardCount: SHARDS,
    shardIds: splitShards(SHARDS, PROCESSES),
    apiUrlFor: (instance) => fake.apiUrlFor(instance),
    token: TOKEN,
    dir,
    database,
    leaseSeconds: LEASE_SECONDS,
    aiTurnDelayMs: num('ai-delay-ms'),
    ...(BACKGROUND_REDRAWS === undefined ? {} : { env: { BACKGROUND_REDRAWS: String(BACKGROUND_REDRAWS) } }),
    onOutput,
  });
  const cleanup = async () => {
    await bots.stopAll();
    await fake.stop();
    await storage?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    say(
      `bench:scale on ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB), node ${process.version}, ${new Date().toISOString()}`,
    );
    say(
      `${PROCESSES} processes, ${SHARDS} shards, ${GUILDS} guilds, ${GAMES} games, ${'url' in database ? 'PostgreSQL' : 'SQLite (WAL)'}, lease ${LEASE_SECONDS} s`,
    );
    const startedAt = Date.now();
    await bots.startAll();
    const refused = await Promise.race([
      bots.current(0).exit.then((code) => code),
      until('every shard connected', () => fake.connectedShards.length >= SHARDS, 120_000).then(
        () => 'ready' as const,
      ),
    ]);
    if (refused !== 'ready') {
      const reason = /DATABASE_URL[^\n]*/.exec(output)?.[0];
      console.error(
        reason
          ? `bench:scale: the bot refused the database: ${reason}`
          : `bench:scale: a bot process exited with code ${refused} before connecting:\n${output}`,
      );
      return 1;
    }
    say(`processes up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    storage ??= await openStorageAt(url!);
    const reader = storage;
    const players = new Players(fake, alice, reader, num('turn-limit'));
    const budgetEnds = Date.now() + num('budget-seconds') * 1000;
    const openedAt = Date.now();
    // The bench's own event loop (the fake Discord and Alice): its delay is in every figure it times.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    const playing: Promise<void>[] = [];
    // Mid-run, once half the games are open and a game of its shards has just started and made its first move
    // (so its process drives a game, even on a loaded machine): the last process dies and is started again at
    // once.
    const victim = bots.current(PROCESSES - 1);
    const victimShards = new Set(splitShards(SHARDS, PROCESSES)[PROCESSES - 1]);
    let killedAt = 0;
    let goneAt = 0;
    let killing: Promise<void> | null = null;
    let opened = 0;
    const kill = async (after: OpenedGame | null) => {
      if (after)
        await until(
          'the first move of a game of the shards to kill',
          async () => (await reader.games.listActions(after.id)).length > 0,
          30_000,
        );
      killedAt = Date.now();
      goneAt = await bots.killAndRestart(PROCESSES - 1);
      say(`SIGKILL to bot ${victim.instance} (shards ${[...victimShards].join(', ')}); started again`);
    };
    let unopened = 0;
    const tried = await pooled(world.tables, num('concurrency'), async (table, i) => {
      const game = await players
        .open(table, HUMAN_EVERY > 0 && i % HUMAN_EVERY === 0 ? 'human' : 'computers')
        .catch((error: unknown) => {
          unopened += 1;
          onOutput(`could not open game ${i}: ${String(error)}\n`);
          return null;
        });
      if (game?.kind === 'human') playing.push(players.play(game, budgetEnds));
      opened += 1;
      if (!killing && opened >= GAMES / 2 && game && victimShards.has(game.table.shard)) killing = kill(game);
      return game;
    });
    if (!killing) killing = kill(null);
    await killing;
    const games = tried.filter((game): game is OpenedGame => game !== null);
    const openDone = Date.now();
    say(
      `${games.length} games opened in ${((openDone - openedAt) / 1000).toFixed(1)} s (${unopened} could not be)`,
    );

    const ours = new Set(games.map((game) => game.id));
    const openIds = async () => [
      ...(await reader.games.listActiveGames()).filter((ref) => ours.has(ref.id)).map((ref) => ref.id),
      ...(await reader.games.listLobbies()).filter((lobby) => ours.has(lobby.id)).map((lobby) => lobby.id),
    ];
    // No game ended and Alice made no move for a minute: the run has stalled; say what the open games show.
    const stall = new StallWatch(60_000);
    let stalledGames = 0;
    for (let left = await openIds(); Date.now() < budgetEnds && left.length > 0; left = await openIds()) {
      // Progress: a game ended, or Alice moved.
      if (stall.stalled(left.length * 1_000_000 + players.clicks.length)) {
        for (const line of await describeStalledGames(fake, reader, left, killedAt)) onOutput(`${line}\n`);
        stalledGames = left.length;
        players.stop();
        break;
      }
      await sleep(1000);
    }
    const finishedAt = Date.now();
    benchLoop.disable();
    await Promise.all(playing);
    // The summaries and last boards still queued behind the request budget.
    const drainEnds = Date.now() + 120_000;
    while (
      Date.now() < drainEnds &&
      ((await reader.games.listGamesAwaitingSummary()).length > 0 || (await reader.outbox.all()).length > 0)
    )
      await sleep(1000);
    await sleep(2000);

    bots.sampleAll();
    const cpuSeconds = bots.instances.reduce((sum, bot) => sum + bot.cpuSeconds, 0);
    const records = new Map<string, GameRecord>();
    const logs = new Map<string, ActionLogRow[]>();
    for (const game of games) {
      const record = await reader.games.getGame(game.id);
      if (record) records.set(game.id, record);
      logs.set(game.id, await reader.games.listActions(game.id));
    }
    const finished = [...records.values()].filter((r) => r.status !== 'active' && r.status !== 'lobby');
    const turns = [...logs.values()].reduce((sum, rows) => sum + rows.length, 0);
    const affected = games
      .filter((game) => victimShards.has(game.table.shard) && game.readyAt < killedAt)
      .map((game) => records.get(game.id)!)
      .filter((r) => r.startedAt !== null && r.startedAt < killedAt && (r.finishedAt ?? Infinity) > killedAt)
      .map((r) => r.id);
    const taken = takeover(killedAt, goneAt, affected, logs);
    for (const game of games) {
      const seconds = taken.bySeconds.get(game.id);
      if (seconds !== undefined && seconds > LEASE_SECONDS + 10) {
        const first = (logs.get(game.id) ?? []).find((row) => row.createdAt > goneAt);
        // What reached the channel after the kill, and what was the last move before it.
        const seen = fake.requests
          .filter((r) => r.receivedAt > killedAt && r.path.includes(`/channels/${game.table.channel.id}/`))
          .map(
            (r) =>
              `${r.method}${r.path.includes('/messages/') ? ' m' : ''}@${((r.receivedAt - killedAt) / 1000).toFixed(1)}`,
          )
          .slice(0, 8);
        const before = (logs.get(game.id) ?? []).filter((row) => row.createdAt <= killedAt).at(-1);
        onOutput(
          `slow takeover: game ${game.id} (${game.kind}) moved again ${seconds.toFixed(1)} s after the kill, by ${first?.actor ?? '?'}; ` +
            `last move before it ${before ? ((before.createdAt - killedAt) / 1000).toFixed(1) : '?'} s by ${before?.actor ?? '?'}; ` +
            `channel requests after it: ${seen.join(' ')}\n`,
        );
      }
    }
    const channelIdsWithDuplicates = new Set<string>();
    const boardMs = players.clicks.map((click) => click.boardMs);
    const turnMs = turnWaits(players.clicks, logs);
    const channelIds = new Set(games.map((game) => game.table.channel.id));
    for (const note of missingSummaries(fake, games, records, killedAt)) onOutput(`${note}\n`);
    const refused429 = fake.requests.filter((entry) => entry.status === 429).map((entry) => entry.receivedAt);
    const counted = fake.requestCounts;
    const writes = channelWrites(fake);
    const channelRouteWrites = writes.filter((write) => write.token === undefined);
    const perGame = (n: number) => Math.round((n / games.length) * 10) / 10;
    const result = {
      processes: PROCESSES,
      shards: SHARDS,
      guilds: GUILDS,
      games: GAMES,
      gamesPerProcess: gamesPerInstance(writes, games, bots.instances.length),
      turnsPerSecond: Math.round(turns / ((finishedAt - openedAt) / 1000)),
      gamesPerSecond: Math.round((finished.length / ((finishedAt - openedAt) / 1000)) * 100) / 100,
      boardP50Ms: Math.round(percentile(boardMs, 50)),
      boardP95Ms: Math.round(percentile(boardMs, 95)),
      // From the computer's move that gives Alice her turn to her click on the board that shows it.
      turnBoardP50Ms: Math.round(percentile(turnMs, 50)),
      turnBoardP95Ms: Math.round(percentile(turnMs, 95)),
      benchLoopDelayP95Ms: Math.round(benchLoop.percentile(95) / 1e6),
      // Its longest stall: the fake then takes every answer late (past 3 s: "Unknown interaction" in every bot).
      benchLoopDelayMaxMs: Math.round(benchLoop.max / 1e6),
      // Clicks answered with a deferral (their board came by an edit, later): the tail of boardP95Ms.
      deferredClicks: players.clicks.filter((click) => click.deferred).length,
      peakRequestsPerSecond: fake.peakRequestsPerSecond,
      duplicateMessages: [...channelIds].reduce(
        (sum, id) =>
          sum +
          duplicatesIn(fake.messages(id, { includeDeleted: true }), fake.bot.id, (what) => {
            channelIdsWithDuplicates.add(id);
            onOutput(`duplicate in channel ${id}: ${what} (kill at ${killedAt})\n`);
          }),
        0,
      ),
      lostActions: lostActions(players.clicks, logs, records, alice.id),
      drivenTwice: drivenTwice(writes, channelIds),
      takeoverSeconds: taken.first,
      leaseSeconds: LEASE_SECONDS,
      allMovedAgainSeconds: taken.all,
      affectedGames: taken.games,
      finishedGames: finished.length,
      turns,
      clicks: players.clicks.length,
      runSeconds: Math.round((finishedAt - openedAt) / 100) / 10,
      ...settledChannels(
        [...channelIds].map((id) => fake.messages(id)),
        fake.bot.id,
      ),
      channelWrites: channelRouteWrites.length,
      channelWritesPerGame: Math.round((channelRouteWrites.length / games.length) * 10) / 10,
      refusedRequests: refused429.length,
      // Requests Discord counts against the global limit, and those on interaction tokens' routes (outside it).
      globalRequestsPerGame: perGame(counted.global - countedBefore.global),
      interactionRequestsPerGame: perGame(counted.interaction - countedBefore.interaction),
      perRouteRefused: counted.perRouteRefused - countedBefore.perRouteRefused,
      refusedAfterKill: refused429.filter((at) => at >= killedAt).length,
      // Which routes the 429s were on (a channel's writes, or an interaction token's).
      refusedRoutes: Object.fromEntries(
        [
          ...fake.requests
            .filter((entry) => entry.status === 429)
            .reduce(
              (counts, entry) => counts.set(entry.route ?? '?', (counts.get(entry.route ?? '?') ?? 0) + 1),
              new Map<string, number>(),
            ),
        ].sort(),
      ),
      botCpuSeconds: Math.round(cpuSeconds),
      turnsPerBotCpuSecond: Math.round((turns / Math.max(1, cpuSeconds)) * 10) / 10,
      peakRssMbPerProcess: bots.instances.map((bot) => Math.round(bot.peakRssMb)),
      unopenedGames: unopened,
      botErrors: errors.length,
      openSeconds: Math.round((openDone - openedAt) / 100) / 10,
      unansweredClicks: players.unanswered,
      // Games still open when no game had ended and Alice had not moved for a minute.
      stalledGames,
      database: 'url' in database ? 'postgresql' : 'sqlite-wal',
      // Alice plays a seat of every this many games (1: `--people all`; 0: of none).
      humanEvery: HUMAN_EVERY,
      backgroundRedraws: BACKGROUND_REDRAWS ?? 'default',
    };
    // What the first channels with a duplicate show, times counted from the kill.
    for (const id of [...channelIdsWithDuplicates].slice(0, 5))
      onOutput(`duplicate in channel ${id} shows ${channelStory(fake, id, killedAt)}\n`);
    const met =
      result.duplicateMessages === 0 &&
      result.lostActions === 0 &&
      result.drivenTwice === 0 &&
      result.stalledGames === 0 &&
      result.takeoverSeconds !== null &&
      result.takeoverSeconds <= LEASE_SECONDS + 10 &&
      result.peakRequestsPerSecond <= 50;
    const notes = output
      .split('\n')
      .filter((line) =>
        /^(duplicate in channel|no summary|slow takeover|stalled game|could not open game)/.test(line),
      );
    if (args.json) {
      console.log(JSON.stringify(result));
      // What went wrong, for whoever reads the JSON's exit 1 (the test prints it).
      for (const line of [...notes, ...errors]) process.stderr.write(`${line}\n`);
    } else report(result, met, errors, notes);
    return met ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
