/**
 * npm run bench:bot — through the local fake Discord and the real discord.js client: how long a move takes from
 * the interaction reaching the bot to its response (the service persists the action before answering), and to
 * the board message showing the new state (render + persist + edit). Once with one game, once with 100 games
 * played at the same time in 100 channels. Figures: p50 and p95 in milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseAction } from '../src/games/hare/computer/index';
import { createBot } from '../src/bot/bot';
import { encodeComponentId } from '../src/bot/custom-ids';
import { encodeAction } from '../src/games/hare/controls';
import { commands } from '../commands/index';
import { deployCommands } from '../src/bot/deploy';
import { seedRng, type GameState, type RngState as Rng } from '../src/games/hare/rules/index';
import { FakeDiscord } from '../src/fakediscord/index';
import { createLogger, silentLogger } from '../src/logger';
import { GameService } from '../src/service/index';
import { openStore } from '../src/store/index';

type FakeUser = ReturnType<FakeDiscord['addUser']>;
type StoredMessage = NonNullable<ReturnType<FakeDiscord['message']>>;
type FakeChannel = ReturnType<FakeDiscord['addTextChannel']>;

const MOVES_PER_GAME = Number(process.env.BENCH_MOVES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Between rounds of simultaneous moves: long enough for the turn mentions to go out at 50 requests/s. */
const THINK_MS = 5000;

interface Sample {
  responseMs: number;
  boardMs: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function setUp(channelCount: number) {
  const fake = new FakeDiscord();
  const names = Array.from({ length: channelCount }, (_, i) => `table-${i}`);
  const { guild, channels } = fake.addGuild({ name: 'Bench', channels: names });
  const alice = fake.addUser({ username: 'alice', guilds: [guild.id] });
  const bob = fake.addUser({ username: 'bob', guilds: [guild.id] });
  const boards = new BoardWatch(fake);
  await fake.start();
  await deployCommands({
    commands,
    token: 'bench',
    clientId: fake.applicationId,
    guildId: guild.id,
    api: fake.apiUrl,
  });
  const dir = mkdtempSync(join(tmpdir(), 'hare-bench-bot-'));
  const store = openStore(join(dir, 'bench.db'));
  const service = new GameService({ store, config: { aiTurnDelayMs: 50 } });
  const bot = createBot({
    commands,
    service,
    logger: process.env.BENCH_LOG ? createLogger({ level: 'debug' }) : silentLogger,
    api: fake.apiUrl,
  });
  service.start();
  await bot.login('bench');
  const close = async () => {
    service.stop();
    await bot.destroy();
    store.close();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const users = new Map<string, FakeUser>([alice, bob].map((u) => [u.id, u]));
  return { fake, service, channels, alice, bob, users, boards, close };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/**
 * The board messages the fake Discord holds, by channel: the bench follows the fake's message events instead of
 * polling, so that waiting costs the bot under test no CPU and the board is seen the moment it changes.
 */
class BoardWatch {
  private readonly latest = new Map<string, StoredMessage>();
  private readonly waiters = new Map<
    string,
    { version: number; resolve: (message: StoredMessage) => void }
  >();

  constructor(fake: FakeDiscord) {
    fake.on('messageCreate', (message) => this.seen(message));
    fake.on('messageUpdate', (message) => this.seen(message));
  }

  /** Resolves with the channel's board once it shows `version`. */
  shows(channelId: string, version: number, timeoutMs = 30_000): Promise<StoredMessage> {
    const current = this.latest.get(channelId);
    if (current && showsVersion(current, version)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench: no board v${version} in ${channelId}`)),
        timeoutMs,
      );
      this.waiters.set(channelId, {
        version,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  private seen(message: StoredMessage): void {
    if (!message.embeds[0]?.footer?.text?.includes(' · v')) return;
    this.latest.set(message.channelId, message);
    const waiter = this.waiters.get(message.channelId);
    if (waiter && showsVersion(message, waiter.version)) {
      this.waiters.delete(message.channelId);
      waiter.resolve(message);
    }
  }
}

function showsVersion(message: StoredMessage, version: number): boolean {
  return !message.deleted && message.embeds[0]?.footer?.text?.includes(`· v${version} ·`) === true;
}

async function openGame(setup: Setup, channel: FakeChannel): Promise<string> {
  const { fake, alice, bob } = setup;
  const opened = await fake.waitForResponse(
    fake.slashCommand({
      user: alice,
      channel,
      name: 'hare',
      subcommand: 'start',
      options: { seats: 2, 'turn-limit': 400 },
    }),
  );
  const gameId = setup.service.findActiveGameInChannel(channel.id)!.id;
  for (const [user, button] of [
    [bob, 'join'],
    [alice, 'start'],
  ] as const) {
    await fake.waitForResponse(
      fake.clickButton({ user, messageId: opened.message!.id, customId: `hare:lobby:${gameId}:${button}` }),
    );
  }
  return gameId;
}

/** One human move in the game (by the menu or a button), timed from the click to the board showing it. */
async function moveOnce(setup: Setup, gameId: string, rng: Rng, samples: Sample[]): Promise<boolean> {
  const game = setup.service.getGame(gameId)!;
  if (game.status !== 'active') return false;
  const message = await setup.boards.shows(game.channelId, game.version);
  const state = game.state as GameState;
  const user = setup.users.get(game.seats[state.current]!.userId!)!;
  const action = chooseAction(state, 'novice', rng);
  const inMenu =
    action.type === 'move' && JSON.stringify(message.components).includes(`"${encodeAction(action)}"`);
  const started = performance.now();
  const interaction = inMenu
    ? setup.fake.selectMenu({
        user,
        messageId: message.id,
        customId: encodeComponentId({ gameKey: 'hare', kind: 'select', gameId, version: game.version }),
        values: [encodeAction(action)],
      })
    : setup.fake.clickButton({
        user,
        messageId: message.id,
        customId: encodeComponentId({
          gameKey: 'hare',
          kind: 'act',
          gameId,
          version: game.version,
          token: encodeAction(action),
        }),
      });
  const outcome = await setup.fake.waitForResponse(interaction);
  await setup.boards.shows(game.channelId, game.version + 1);
  samples.push({ responseMs: outcome.latencyMs, boardMs: performance.now() - started });
  return true;
}

/** Every player clicks as soon as their board shows: `moves` moves in one game, one after another. */
async function playMoves(setup: Setup, gameId: string, moves: number, samples: Sample[]): Promise<void> {
  const rng = seedRng(`bench-${gameId}`);
  for (let i = 0; i < moves; i++) if (!(await moveOnce(setup, gameId, rng, samples))) return;
}

/**
 * `rounds` times: every game moves at the same instant (all clicks are sent in one tick), then the players think
 * for THINK_MS while the bot sends the turn mentions.
 */
async function playRounds(setup: Setup, gameIds: string[], rounds: number, samples: Sample[]): Promise<void> {
  const rngs = new Map(gameIds.map((gameId) => [gameId, seedRng(`bench-rounds-${gameId}`)]));
  for (let round = 0; round < rounds; round++) {
    await Promise.all(gameIds.map((gameId) => moveOnce(setup, gameId, rngs.get(gameId)!, samples)));
    await new Promise((resolve) => setTimeout(resolve, THINK_MS));
  }
}

function report(label: string, samples: Sample[]): void {
  const response = samples.map((s) => s.responseMs);
  const board = samples.map((s) => s.boardMs);
  console.log(
    `${label.padEnd(22)} moves ${String(samples.length).padStart(5)} | response p50 ${percentile(response, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(response, 95).toFixed(1).padStart(6)} ms | board updated p50 ${percentile(board, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(board, 95).toFixed(1).padStart(6)} ms`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:bot on ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores), node ${process.version}`,
  );
  const single = await setUp(1);
  const oneGame: Sample[] = [];
  await playMoves(single, await openGame(single, single.channels[0]!), MOVES_PER_GAME * 3, oneGame);
  await single.close();
  report('1 game', oneGame);

  const many = await setUp(Number(process.env.BENCH_GAMES ?? 100));
  const gameIds: string[] = [];
  for (const channel of many.channels) gameIds.push(await openGame(many, channel));
  const atOnce: Sample[] = [];
  await playRounds(many, gameIds, ROUNDS, atOnce);
  report('100 games at once', atOnce);
  const sustained: Sample[] = [];
  await Promise.all(gameIds.map((gameId) => playMoves(many, gameId, MOVES_PER_GAME, sustained)));
  report('100 games sustained', sustained);
  await many.close();
  console.log(
    `"at once": ${ROUNDS} rounds in which every game moves at the same instant, ${THINK_MS / 1000} s apart.\n` +
      '"sustained": every player clicks as soon as the board shows, in every game at once (no thinking).\n' +
      "A mover's click is answered with the redrawn board (an update response, outside Discord's global limit of\n" +
      '50 requests/s per bot), so "response" is the board in front of the mover; a click whose board is not ready\n' +
      'in 2 s is deferred and the board comes by an edit. The fake Discord runs in this process and shares the CPU.',
  );
}

await main();
