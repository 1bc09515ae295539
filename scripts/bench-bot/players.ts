/**
 * bench:bot's players: a child process holding the fake Discord and the simulated players who click, so that
 * the bot process (the parent, see scripts/bench-bot.ts) is measured alone. Times are taken here, as a player
 * sees them: from the click to the answer and to the board showing the move.
 */
import { chooseAction } from '../../src/games/hare/computer/index';
import { encodeAction } from '../../src/games/hare/controls';
import { commands } from '../../commands/index';
import { deployCommands } from '../../src/bot/deploy';
import { seedRng, type GameState, type RngState as Rng } from '../../src/games/hare/rules/index';
import { FakeDiscord } from '../../src/fakediscord/index';
import { BoardWatch } from './board-watch';
import type { BotMessage, GameView, MoveSample, PlayersMessage, PlayersPlan } from './protocol';

type FakeUser = ReturnType<FakeDiscord['addUser']>;
type StoredMessage = NonNullable<ReturnType<FakeDiscord['message']>>;
type FakeChannel = ReturnType<FakeDiscord['addTextChannel']>;

/** The bot process, asked over IPC for what players would read on their screens (whose turn, which moves). */
class BotLink {
  private nextRequest = 1;
  private readonly pending = new Map<number, (game: GameView | null) => void>();
  private readonly waiters = new Map<BotMessage['type'], () => void>();

  constructor() {
    process.on('message', (message: BotMessage) => {
      if (message.type === 'game') {
        this.pending.get(message.requestId)?.(message.game);
        this.pending.delete(message.requestId);
      } else if (message.type !== 'plan') {
        this.waiters.get(message.type)?.();
        this.waiters.delete(message.type);
      }
    });
  }

  send(message: PlayersMessage): void {
    process.send!(message);
  }

  /** Resolves at the bot's next message of this type. */
  next(type: 'bot-ready' | 'scenario-started' | 'stop'): Promise<void> {
    return new Promise((resolve) => this.waiters.set(type, resolve));
  }

  game(gameId: string): Promise<GameView | null> {
    return this.ask((requestId) => ({ type: 'game', requestId, gameId }));
  }

  gameInChannel(channelId: string): Promise<GameView | null> {
    return this.ask((requestId) => ({ type: 'channel-game', requestId, channelId }));
  }

  private ask(message: (requestId: number) => PlayersMessage): Promise<GameView | null> {
    const requestId = this.nextRequest++;
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.send(message(requestId));
    });
  }
}

interface Table {
  fake: FakeDiscord;
  bot: BotLink;
  channels: FakeChannel[];
  alice: FakeUser;
  bob: FakeUser;
  users: Map<string, FakeUser>;
  boards: BoardWatch;
}

async function openTables(bot: BotLink, channelCount: number): Promise<Table> {
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
  const users = new Map<string, FakeUser>([alice, bob].map((u) => [u.id, u]));
  return { fake, bot, channels, alice, bob, users, boards };
}

async function openGame(table: Table, channel: FakeChannel): Promise<string> {
  const { fake, alice, bob } = table;
  const opened = await fake.waitForResponse(
    fake.slashCommand({
      user: alice,
      channel,
      name: 'hare',
      subcommand: 'start',
      options: { seats: 2, 'turn-limit': 400 },
    }),
  );
  const gameId = (await table.bot.gameInChannel(channel.id))!.id;
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

interface ShownControl {
  type: number;
  custom_id?: string;
  options?: { value: string }[];
}

function controlsOn(message: StoredMessage): ShownControl[] {
  return (message.components as { components?: ShownControl[] }[]).flatMap((row) => row.components ?? []);
}

/**
 * The message holding the mover's controls: the board, or, when the board shows **Choose your move** (Hare's
 * standard rules keep the costs, and so the carrots, private), the private reply its press opens.
 */
async function controlsMessage(table: Table, user: FakeUser, board: StoredMessage): Promise<StoredMessage> {
  const choose = controlsOn(board).find((control) => control.custom_id?.includes(':choose:'));
  if (!choose) return board;
  const reply = await table.fake.waitForResponse(
    table.fake.clickButton({ user, messageId: board.id, customId: choose.custom_id! }),
  );
  if (reply.type !== 4 || !reply.message)
    throw new Error(`bench: Choose your move was answered with type ${reply.type}`);
  return reply.message;
}

/** The click that plays `token` among a message's controls: a menu's option, or a button ending in it. */
function playing(message: StoredMessage, token: string): { customId: string; values?: string[] } {
  const controls = controlsOn(message);
  const menu = controls.find((control) => control.options?.some((option) => option.value === token));
  if (menu) return { customId: menu.custom_id!, values: [token] };
  const button = controls.find((control) => control.type === 2 && control.custom_id?.endsWith(`:${token}`));
  if (button) return { customId: button.custom_id! };
  throw new Error(`bench: message ${message.id} has no control for "${token}"`);
}

/**
 * One human move in the game (by a menu or a button), timed from the click that plays it to its answer and to
 * the board showing it. Behind **Choose your move** the press that opens the mover's controls comes first and
 * is not part of the move's times.
 */
async function moveOnce(table: Table, gameId: string, rng: Rng, samples: MoveSample[]): Promise<boolean> {
  const game = await table.bot.game(gameId);
  if (!game || game.status !== 'active') return false;
  const board = await table.boards.shows(game.channelId, game.version);
  const state = game.state as GameState;
  const user = table.users.get(game.seats[state.current]!.userId!)!;
  const action = chooseAction(state, 'novice', rng);
  const message = await controlsMessage(table, user, board);
  const click = playing(message, encodeAction(action));
  const started = performance.now();
  const interaction = click.values
    ? table.fake.selectMenu({ user, messageId: message.id, customId: click.customId, values: click.values })
    : table.fake.clickButton({ user, messageId: message.id, customId: click.customId });
  const outcome = await table.fake.waitForResponse(interaction);
  await table.boards.shows(game.channelId, game.version + 1);
  samples.push({
    responseMs: outcome.latencyMs,
    boardMs: performance.now() - started,
    deferred: outcome.type === 6,
    fromPrivateControls: message.id !== board.id,
  });
  return true;
}

/** Every player clicks as soon as their board shows: `moves` moves in one game, one after another. */
async function playMoves(table: Table, gameId: string, moves: number, samples: MoveSample[]): Promise<void> {
  const rng = seedRng(`bench-${gameId}`);
  for (let i = 0; i < moves; i++) if (!(await moveOnce(table, gameId, rng, samples))) return;
}

/** `rounds` times: every game moves at the same instant (all clicks in one tick), then the players think. */
async function playRounds(table: Table, gameIds: string[], plan: PlayersPlan, samples: MoveSample[]) {
  const rngs = new Map(gameIds.map((gameId) => [gameId, seedRng(`bench-rounds-${gameId}`)]));
  for (let round = 0; round < plan.rounds; round++) {
    await Promise.all(gameIds.map((gameId) => moveOnce(table, gameId, rngs.get(gameId)!, samples)));
    await new Promise((resolve) => setTimeout(resolve, plan.thinkMs));
  }
}

/** The sustained scenario for `minutes`: a table whose game ends opens a new one. */
async function playFor(table: Table, gameIds: string[], minutes: number, samples: MoveSample[]) {
  const until = performance.now() + minutes * 60_000;
  await Promise.all(
    gameIds.map(async (first, index) => {
      let gameId = first;
      let rng = seedRng(`bench-soak-${gameId}`);
      while (performance.now() < until) {
        if (await moveOnce(table, gameId, rng, samples)) continue;
        gameId = await openGame(table, table.channels[index]!);
        rng = seedRng(`bench-soak-${gameId}`);
      }
    }),
  );
}

async function scenario(bot: BotLink, label: string, play: (samples: MoveSample[]) => Promise<void>) {
  const samples: MoveSample[] = [];
  const started = bot.next('scenario-started');
  bot.send({ type: 'scenario-start', label, everyMinute: label.includes('soak') });
  await started;
  await play(samples);
  bot.send({ type: 'scenario-end', label, samples });
}

async function main(plan: PlayersPlan): Promise<void> {
  const bot = new BotLink();
  const table = await openTables(bot, plan.channels);
  const ready = bot.next('bot-ready');
  bot.send({ type: 'fake-ready', apiUrl: table.fake.apiUrl });
  await ready;
  const gameIds: string[] = [];
  for (const channel of table.channels) gameIds.push(await openGame(table, channel));
  for (const name of plan.scenarios) {
    const games = `${plan.channels} game${plan.channels === 1 ? '' : 's'}`;
    if (name === 'one game')
      await scenario(bot, games, (s) => playMoves(table, gameIds[0]!, plan.movesPerGame * 3, s));
    if (name === 'at once')
      await scenario(bot, `${games} at once`, (s) => playRounds(table, gameIds, plan, s));
    if (name === 'sustained')
      await scenario(bot, `${games} sustained`, (s) =>
        Promise.all(gameIds.map((gameId) => playMoves(table, gameId, plan.movesPerGame, s))).then(() => {}),
      );
    if (name === 'soak')
      await scenario(bot, `${games} soak`, (s) => playFor(table, gameIds, plan.soakMinutes, s));
  }
  const stop = bot.next('stop');
  bot.send({ type: 'done' });
  await stop;
  await table.fake.stop();
  process.disconnect?.();
}

process.once('message', (message: BotMessage) => {
  if (message.type !== 'plan') throw new Error(`bench players: expected the plan first, got ${message.type}`);
  main(message.plan).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
