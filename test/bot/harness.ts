import { arenaCommand, commandsFor } from '../../commands/index';
import { ProgramRegistry } from '../../src/arena/ws/registry';
import { startArenaServer, type ArenaLimits, type ArenaServer } from '../../src/arena/ws/server';
import { GAMES, type GameRegistry } from '../../src/games/index';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { closeUnlessShared, sharedComputers, sharedRenderer } from '../support/shared-pools';
import type { GameState } from '../../src/games/hare/rules/index';
import type { TinyState } from '../support/tiny-game';
import { mkdtempSync, rmSync } from 'node:fs';
import { PNG } from 'pngjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBot, type Bot } from '../../src/bot/bot';
import { deployCommands } from '../../src/bot/deploy';
import { FakeDiscord, type FakeDiscordOptions, type StoredMessage } from '../../src/fakediscord/index';
import { silentLogger, type Logger } from '../../src/logger';
import { messageShapeProblems } from '../fakediscord/discord-shape';
import type { BotMetrics } from '../../src/ops/metrics';
import { createComputerPool, type ComputerPool } from '../../src/workers/computer-pool';
import { GameService, type Clock, type ServiceConfig } from '../../src/service/index';
import type { LimitSettings } from '../../src/bot/user-limits';
import type { GameOwnership } from '../../src/service/context';
import type { GameRecord } from '../../src/store/index';
import { openSqliteStore, type SqliteStore } from '../../src/store/index';
import { storageOfSqliteStore } from '../../src/store/sqlite/sqlite-storage';
import type { Storage } from '../../src/store/storage';

type FakeUser = ReturnType<FakeDiscord['addUser']>;
type FakeChannel = ReturnType<FakeDiscord['addGuild']>['channel'];

export interface Harness {
  fake: FakeDiscord;
  channel: FakeChannel;
  guildId: string;
  users: { alice: FakeUser; bob: FakeUser; carol: FakeUser; mod: FakeUser };
  dbFile: string;
  store: Storage;
  /** The SQLite store under `store`, for checks behind the bot's back (its pragmas). */
  sqlite: SqliteStore;
  service: GameService;
  bot: Bot;
  computers: ComputerPool;
  /** The arena's WebSocket (with `arena` in the options; port 0: a free port), else null. */
  arena: ArenaServer | null;
  /** Destroys the bot and the service and starts new ones on the same database (a restart). */
  restart(): Promise<void>;
  /**
   * After `fake.crashAt` fired: the bot is dead (nothing it still had to do is done), and a new one starts on
   * the same database with a new token, as after a SIGKILL and a restart.
   */
  crashRestart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  aiTurnDelayMs?: number;
  coalesceMs?: number;
  /** The publisher's pace of computer moves' redraws (default here 0: every move drawn, as most tests expect). */
  readingMs?: number;
  quietRedrawMs?: number;
  /** Background redraws a bot runs at once (default: the publisher's; 0: no cap). */
  backgroundRedraws?: number;
  /** Send through interaction tokens (default here: off, so that the channel routes' tests keep testing them). */
  interactionTokens?: boolean;
  maxBoardAgeMs?: number;
  /** The publisher's longest wait between retries (production: 60 s). */
  maxRetryMs?: number;
  /** How many channels the publisher settles at once after a start (production: 3). */
  settlingConcurrency?: number;
  /** The games the bot hosts (default: every registered game); other games draw on the calling thread. */
  games?: GameRegistry;
  /**
   * The file exporting `games` as `GAMES`: with it the bot draws, thinks and runs tools for those games in
   * worker threads, which import that file, as the production bot does for src/games/index.ts.
   */
  gamesFile?: URL;
  /** The operator's figures the bot feeds (none by default). */
  metrics?: BotMetrics;
  /** The bot's per-user limits (none by default). */
  limits?: Partial<LimitSettings>;
  /** More of the service's settings (lobby caps, lobby idle time…). */
  serviceConfig?: Partial<ServiceConfig>;
  /** The service's clock (default: the real one), kept across restarts. */
  clock?: Clock;
  /** Draws the images (default: the bot's own worker pool); kept across restarts. */
  renderer?: Renderer;
  /** Where the bot logs (default: nowhere). */
  logger?: Logger;
  /** The games this process drives (default: every game), as several processes of a sharded bot do. */
  ownership?: GameOwnership;
  /** Wraps each start's storage (to watch what the bot reads). */
  wrapStorage?: (storage: Storage) => Storage;
  /** The fake Discord's settings (its nonce window…). */
  fake?: FakeDiscordOptions;
  /** How long after its creation the bot acknowledges a command or click still unanswered (production: 2 s). */
  answerWithinMs?: number;
  /** Listen for outside programs on a free port of 127.0.0.1, and offer `/arena` (with these limits). */
  arena?: Partial<ArenaLimits>;
}

function commandsOf(options: HarnessOptions) {
  const games = commandsFor(options.games ?? GAMES);
  return options.arena ? [...games, arenaCommand] : games;
}

/** The shared pools (test/support/shared-pools.ts), unless the harness draws the games of a file of its own. */
function poolsFor(options: HarnessOptions): { renderer: Renderer | null; computers: ComputerPool } {
  if (options.gamesFile)
    return { renderer: null, computers: createComputerPool({ workers: 1, gamesFile: options.gamesFile }) };
  return { renderer: sharedRenderer(), computers: sharedComputers() };
}

async function startBot(fake: FakeDiscord, dbFile: string, options: HarnessOptions, token = 'test-token') {
  const life = { dead: false };
  // The synchronous store under the storage, kept: tests set pragmas on its connection (query_only holds only
  // on the connection that sets it).
  const sqlite = openSqliteStore(dbFile);
  const unwrapped = storageOfSqliteStore(sqlite, dbFile);
  const store = options.wrapStorage ? options.wrapStorage(unwrapped) : unwrapped;
  const gamesFile = options.gamesFile ? { gamesFile: options.gamesFile } : {};
  const pools = poolsFor(options);
  const computers = pools.computers;
  const ownGames = options.games && options.games !== GAMES && !options.gamesFile ? options.games : null;
  const registry = options.arena ? new ProgramRegistry() : null;
  const service = new GameService({
    ...(registry ? { programs: registry } : {}),
    ...(ownGames
      ? { games: ownGames }
      : {
          ...(options.games ? { games: options.games } : {}),
          chooser: (gameKey, state, level, seedKey) => computers.choose(gameKey, state, level, seedKey),
        }),
    store,
    config: {
      aiTurnDelayMs: options.aiTurnDelayMs ?? 30,
      humanTurnTimeoutMs: 600_000,
      ...options.serviceConfig,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.ownership ? { ownership: options.ownership } : {}),
    onError: (error) => {
      // A crashed instance's leftovers (its store is closed) are not errors of the test.
      if (!life.dead) throw error;
    },
  });
  const arena = registry
    ? await startArenaServer({
        port: 0,
        host: '127.0.0.1',
        registry,
        verifyToken: (token) => service.arenaTokens.verify(token),
        ...(options.arena ? { limits: options.arena } : {}),
      })
    : null;
  const bot = createBot({
    service,
    commands: commandsOf(options),
    ...(ownGames ? { renderer: createInlineRenderer(ownGames) } : { tools: computers, ...gamesFile }),
    ...(!ownGames && pools.renderer ? { renderer: pools.renderer } : {}),
    ...(options.renderer ? { renderer: options.renderer } : {}),
    logger: options.logger ?? silentLogger,
    api: fake.apiUrl,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.ownership ? { ownership: options.ownership } : {}),
    ...(options.answerWithinMs !== undefined ? { answerWithinMs: options.answerWithinMs } : {}),
    publisher: {
      coalesceMs: options.coalesceMs ?? 20,
      readingMs: options.readingMs ?? 0,
      quietRedrawMs: options.quietRedrawMs ?? 0,
      interactionTokens: options.interactionTokens ?? false,
      retryMs: 50,
      ...(options.maxBoardAgeMs ? { maxBoardAgeMs: options.maxBoardAgeMs } : {}),
      ...(options.maxRetryMs ? { maxRetryMs: options.maxRetryMs } : {}),
      ...(options.settlingConcurrency ? { settlingConcurrency: options.settlingConcurrency } : {}),
      ...(options.backgroundRedraws !== undefined ? { backgroundRedraws: options.backgroundRedraws } : {}),
    },
  });
  await service.start();
  await bot.login(token);
  return { store, sqlite, service, bot, computers, arena, life };
}

/** Every message of the run, as the fake answers it, has the shape of Discord's documented message object. */
function expectDocumentedMessages(fake: FakeDiscord): void {
  const problems = [...fake.state.messages.values()].flatMap((message) =>
    messageShapeProblems(fake.apiMessage(message)).map((problem) => `message ${message.id}: ${problem}`),
  );
  if (problems.length > 0)
    throw new Error(`the fake answered undocumented messages:\n${problems.join('\n')}`);
}

/**
 * A request on an interaction-token route must not carry the bot's token: the 401 of an expired interaction
 * token would make discord.js forget it (see interaction-tokens.e2e.test.ts).
 */
function expectNoBotTokenOnInteractionRoutes(fake: FakeDiscord): void {
  const carried = fake.requests
    .filter((entry) => entry.authorized && /^\/(webhooks|interactions)\//.test(entry.route ?? entry.path))
    .map((entry) => `${entry.method} ${entry.route ?? entry.path}`);
  if (carried.length > 0)
    throw new Error(`the bot's token was sent on interaction-token routes: ${carried.join(', ')}`);
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fake = new FakeDiscord(options.fake);
  const { guild, channel } = fake.addGuild({ name: 'Burrow', channels: ['race-track'] });
  const users = {
    alice: fake.addUser({ username: 'alice', globalName: 'Alice', guilds: [guild.id] }),
    bob: fake.addUser({ username: 'bob', globalName: 'Bob', guilds: [guild.id] }),
    carol: fake.addUser({ username: 'carol', globalName: 'Carol', guilds: [guild.id] }),
    mod: fake.addUser({
      username: 'mod',
      globalName: 'Mod',
      guilds: [guild.id],
      permissions: ['ManageMessages'],
    }),
  };
  await fake.start();
  await deployCommands({
    commands: commandsOf(options),
    token: 'test-token',
    clientId: fake.applicationId,
    guildId: guild.id,
    api: fake.apiUrl,
  });
  const dir = mkdtempSync(join(tmpdir(), 'hare-bot-'));
  const dbFile = join(dir, 'hare.db');
  let running = await startBot(fake, dbFile, options);
  let lives = 1;
  const { life: _life, ...firstRun } = running;
  const harness: Harness = {
    fake,
    channel,
    guildId: guild.id,
    users,
    dbFile,
    ...firstRun,
    async restart() {
      await running.arena?.close();
      running.service.stop();
      await running.bot.destroy(2000);
      await running.store.close();
      await closeUnlessShared(running.computers);
      running = await startBot(fake, dbFile, options);
      const { life: _life, ...next } = running;
      Object.assign(harness, next);
    },
    async crashRestart() {
      running.life.dead = true;
      await running.arena?.close();
      running.service.stop();
      await running.bot.destroy(0);
      await running.store.close();
      await closeUnlessShared(running.computers);
      lives += 1;
      running = await startBot(fake, dbFile, options, `test-token-${lives}`);
      const { life: _life, ...next } = running;
      Object.assign(harness, next);
    },
    async close() {
      await running.arena?.close();
      running.service.stop();
      await running.bot.destroy(2000);
      await running.store.close();
      await closeUnlessShared(running.computers);
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
      expectNoBotTokenOnInteractionRoutes(fake);
      expectDocumentedMessages(fake);
    },
  };
  return harness;
}

type StoreMethod = (...args: unknown[]) => unknown;

/**
 * `storage` with each method of its games store passed through `wrap` (a test counts or slows them); the
 * storage's own fields are copied, since some are getters a spread would read only once.
 */
export function wrapGamesStore(
  storage: Storage,
  wrap: (name: string, method: StoreMethod) => StoreMethod,
): Storage {
  return {
    ...storage,
    engine: storage.engine,
    location: storage.location,
    migrationBackup: storage.migrationBackup,
    games: new Proxy(storage.games, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof property !== 'string' || typeof value !== 'function') return value;
        return wrap(property, (...args) => (value as StoreMethod).apply(target, args));
      },
    }),
  };
}

export async function waitUntil<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function channelGame(h: Harness): Promise<GameRecord | null> {
  return h.service.findActiveGameInChannel(h.channel.id);
}

/** The board message once it shows the game's current version (its components carry it). */
/**
 * A Hare game of Alice (the host, named `hostName`) and Bob in a channel, opened and started through the service
 * (no interaction); returns its id.
 */
export async function startServiceGame(
  h: Harness,
  where: { guildId: string; channelId: string },
  options: { hostName?: string; seats?: number } = {},
): Promise<string> {
  const { alice, bob } = h.users;
  const lobby = await h.service.openLobby({
    game: 'hare',
    ...where,
    host: { id: alice.id, name: options.hostName ?? 'Alice' },
    ...(options.seats ? { seats: options.seats } : {}),
  });
  await h.service.join(lobby.id, { id: bob.id, name: 'Bob' });
  await h.service.startGame(lobby.id, alice.id);
  return lobby.id;
}

/** Opens and starts a Tiny game of two computers in a new channel `name` (Alice hosts, not seated). */
export async function startComputerGame(
  h: Harness,
  name: string,
): Promise<{ gameId: string; channelId: string }> {
  const channel = h.fake.addTextChannel(h.guildId, name);
  const lobby = await h.service.openLobby({
    game: 'tiny',
    options: { target: 9 },
    guildId: h.guildId,
    channelId: channel.id,
    host: { id: h.users.alice.id, name: 'Alice' },
    seats: 2,
    hostSeated: false,
  });
  await h.service.startGame(lobby.id, h.users.alice.id);
  return { gameId: lobby.id, channelId: channel.id };
}

/** Waits until every one of the games shows its board. */
export async function waitForBoards(h: Harness, gameIds: readonly string[]): Promise<void> {
  await waitUntil(
    async () => {
      for (const id of gameIds) if (!boardShowing(h, (await h.service.getGame(id))!)) return false;
      return true;
    },
    20_000,
    'every board',
  );
}

/** Whether the fake answered a `method` request to a path `matches` with 200 after request number `afterSeq`. */
export function answeredSince(
  h: Harness,
  afterSeq: number,
  method: string,
  matches: (path: string) => boolean,
): boolean {
  return h.fake.requests.some(
    (entry) => entry.seq > afterSeq && entry.method === method && matches(entry.path) && entry.status === 200,
  );
}

export function boardShowing(h: Harness, game: GameRecord) {
  if (!game.boardMessageId) return null;
  const message = h.fake.message(game.boardMessageId);
  if (!message || message.deleted) return null;
  const footer = message.embeds[0]?.footer?.text ?? '';
  return footer.includes(`· v${game.version} ·`) || footer.endsWith(`· v${game.version}`) ? message : null;
}

export interface ComponentLike {
  type: number;
  custom_id?: string;
  options?: { value: string }[];
  components?: ComponentLike[];
}

export function allComponents(message: { components: unknown[] }): ComponentLike[] {
  return (message.components as ComponentLike[]).flatMap((row) => row.components ?? []);
}

/** Opens a lobby as the first user, seats the others, and starts; returns the game id and the lobby message id. */
export async function startGame(
  h: Harness,
  players: FakeUser[],
  options: Record<string, string | number> = {},
  game = 'hare',
): Promise<{ gameId: string; lobbyId: string }> {
  const [host, ...others] = players;
  if (!host) throw new Error('a game needs a host');
  // The final answer: a start that had to ask Discord first (e.g. to join a thread) defers, then edits in the lobby.
  const opened = await h.fake.waitForFinal(
    h.fake.slashCommand({ user: host, channel: h.channel, name: game, subcommand: 'start', options }),
  );
  const lobbyId = opened.message!.id;
  const gameId = (await channelGame(h))!.id;
  const press = (user: FakeUser, button: string) =>
    h.fake.waitForResponse(
      h.fake.clickButton({ user, messageId: lobbyId, customId: `${game}:lobby:${gameId}:${button}` }),
    );
  for (const user of others) await press(user, 'join');
  await press(host, 'start');
  return { gameId, lobbyId };
}

/** Waits until the board shows a turn of `user` (or the game ended) and returns the game. */
export async function waitForTurnOf(
  h: Harness,
  gameId: string,
  userId: string,
  timeoutMs = 20_000,
): Promise<GameRecord> {
  return waitUntil(
    async () => {
      const game = await h.service.getGame(gameId);
      if (!game || game.status !== 'active') return game;
      return game.seats[(game.state as GameState).current]?.userId === userId && boardShowing(h, game)
        ? game
        : null;
    },
    timeoutMs,
    `the turn of ${userId}`,
  );
}

export function expectEveryInteractionAnswered(h: Harness): { count: number; slowestMs: number } {
  let slowestMs = 0;
  for (const ix of h.fake.interactions) {
    if (ix.latencyMs === null) throw new Error(`interaction ${ix.id} was never answered`);
    slowestMs = Math.max(slowestMs, ix.latencyMs);
  }
  return { count: h.fake.interactions.length, slowestMs };
}

/** The game once its board shows its current version, or once it is no longer running. */
export function waitForBoardOrEnd(h: Harness, gameId: string, timeoutMs = 10_000): Promise<GameRecord> {
  return waitUntil(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      return game.status !== 'active' || boardShowing(h, game) ? game : null;
    },
    timeoutMs,
    'the board',
  );
}

/** The game once it is past `version` (someone acted). */
export function waitForVersionAfter(h: Harness, gameId: string, version: number, what = 'the next action') {
  return waitUntil(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      return game.version > version ? game : null;
    },
    10_000,
    what,
  );
}

/** The game once its summary is posted. */
export function waitForSummary(h: Harness, gameId: string, timeoutMs = 15_000): Promise<GameRecord> {
  return waitUntil(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      return game.summaryPosted ? game : null;
    },
    timeoutMs,
    'the summary',
  );
}

/**
 * Plays a Tiny game (test/support/tiny-game.ts) to its end through its board buttons: each human adds 2,
 * computers and forced passes play on their timers. `checkButtons` sees the custom ids offered at each turn.
 */
export async function playTinyByButtons(
  h: Harness,
  gameId: string,
  players: FakeUser[],
  checkButtons: (customIds: string[]) => void | Promise<void> = () => {},
): Promise<void> {
  const users = new Map(players.map((user) => [user.id, user]));
  for (let step = 0; step < 200; step++) {
    const game = await waitForBoardOrEnd(h, gameId);
    if (game.status !== 'active') return;
    const state = game.state as TinyState;
    const seat = game.seats[state.current]!;
    if (state.mustPass || !seat.userId) {
      await waitForVersionAfter(h, gameId, game.version, 'the forced pass or the computer');
      continue;
    }
    const board = boardShowing(h, game)!;
    const customIds = allComponents(board).map((button) => button.custom_id!);
    await checkButtons(customIds);
    const click = h.fake.clickButton({
      user: users.get(seat.userId)!,
      messageId: board.id,
      customId: customIds[1]!,
    });
    const answer = await h.fake.waitForResponse(click);
    if (answer.type === 6) {
      // A board with a private reply below it (a /hand snapshot) is posted again at the bottom instead.
      await waitUntil(
        async () => (await h.service.getGame(gameId))!.boardMessageId !== board.id,
        5000,
        'the board posted again at the bottom',
      );
      continue;
    }
    // The mover's click is answered with the redrawn board itself (an update response).
    if (answer.type !== 7) throw new Error(`a move was answered with type ${answer.type}, not 7`);
    const image = answer.message?.attachments.find((attachment) => attachment.filename === 'board.png');
    if (!image) throw new Error('the update response carried no board image');
    PNG.sync.read(image.data); // throws unless the whole file arrived intact (chunk CRCs, zlib checksum)
  }
  throw new Error('the Tiny game did not finish in 200 turns');
}

/** Runs `/<name> <subcommand>` as `user` in the harness's channel and waits for its final answer. */
export function runCommand(
  h: Harness,
  user: FakeUser,
  subcommand: string,
  options: Record<string, string | number> = {},
  name = 'hare',
) {
  return h.fake.waitForFinal(h.fake.slashCommand({ user, channel: h.channel, name, subcommand, options }));
}

/** Presses a button as `user` and waits for the answer. */
export function pressButton(h: Harness, user: FakeUser, messageId: string, customId: string) {
  return h.fake.waitForResponse(h.fake.clickButton({ user, messageId, customId }));
}

/**
 * The message holding `user`'s controls: the board itself, or, when the board shows **Choose your move** (controls
 * that would tell the mover's secret, e.g. Hare's carrots under the standard rules), the private reply its press
 * opens.
 */
export async function controlsOf(h: Harness, user: FakeUser, board: StoredMessage): Promise<StoredMessage> {
  const choose = allComponents(board).find((component) => component.custom_id?.includes(':choose:'));
  if (!choose) return board;
  const reply = await pressButton(h, user, board.id, choose.custom_id!);
  if (reply.type !== 4 || !reply.message)
    throw new Error(`Choose your move was answered with type ${reply.type}`);
  return reply.message;
}
