/**
 * Outside programs in Discord (docs/players-protocol.md, "Play from anywhere"): a server manager issues a player
 * token with /arena token, a program connects to the arena's WebSocket with it, the host adds it from "Add
 * computer", and it plays a full game of each of the four games against a person and a built-in computer, rated
 * under its name as a program. Hostile programs (malformed JSON, illegal actions, slow answers, a 10 MB message,
 * a reconnect storm, a second connection with the same token, a revoked token) are refused, and every game goes
 * on to its end.
 */
import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { GameRecord } from '../../src/store/index';
import { Refused, TestProgram, type ProgramOptions } from '../arena/ws-program';
import {
  allComponents,
  channelGame,
  createHarness,
  pressButton,
  runCommand,
  waitForSummary,
  waitUntil,
  type Harness,
} from './harness';

type FakeUser = Harness['users']['alice'];

let h: Harness;
let teacher: FakeUser;
const programs: TestProgram[] = [];

beforeEach(async () => {
  h = await createHarness({ arena: {} });
  teacher = h.fake.addUser({
    username: 'teacher',
    globalName: 'Teacher',
    guilds: [h.guildId],
    permissions: ['ManageGuild'],
  });
});

afterEach(async () => {
  for (const program of programs.splice(0)) program.close();
  await h.close();
});

/** `/arena token name:<name>` as the teacher: the private answer shows the token once. */
async function issueToken(name: string): Promise<string> {
  const answer = await runCommand(h, teacher, 'token', { name }, 'arena');
  const message = answer.message!;
  expect(message.flags & 64).toBe(64);
  const token = /```\n([A-Za-z0-9_-]{43})\n```/.exec(message.content)?.[1];
  if (!token) throw new Error(`no token in ${message.content}`);
  return token;
}

async function connect(options: Omit<ProgramOptions, 'port'>): Promise<TestProgram> {
  const program = await TestProgram.connect({ port: h.arena!.port, ...options });
  programs.push(program);
  return program;
}

/** Opens a lobby of `game` (3 seats) as Alice and adds each program from the "Add computer" menu. */
async function lobbyWithPrograms(
  game: string,
  names: string[],
  turnLimit = 25,
  more: Record<string, number> = {},
): Promise<GameRecord> {
  const { alice } = h.users;
  const opened = await h.fake.waitForFinal(
    h.fake.slashCommand({
      user: alice,
      channel: h.channel,
      name: game,
      subcommand: 'start',
      options: { seats: 3, 'turn-limit': turnLimit, ...more },
    }),
  );
  const lobbyId = opened.message!.id;
  const lobby = (await channelGame(h))!;
  for (const name of names) {
    const pressed = await pressButton(h, alice, lobbyId, `${game}:lobby:${lobby.id}:add-computer`);
    const menu = allComponents(pressed.message!).find((component) =>
      component.custom_id?.endsWith('pick-computer'),
    );
    const program = h.service.connectedPrograms(h.guildId).find((entry) => entry.name === name)!;
    expect(menu?.options?.map((option) => option.value)).toContain(`program:${program.tokenId}`);
    await h.fake.waitForResponse(
      h.fake.selectMenu({
        user: alice,
        messageId: lobbyId,
        customId: menu!.custom_id!,
        values: [`program:${program.tokenId}`],
      }),
    );
  }
  await pressButton(h, alice, lobbyId, `${game}:lobby:${lobby.id}:start`);
  return (await h.service.getGame(lobby.id))!;
}

/** Plays Alice's turns (a random legal move through the service) until the game is over. */
async function playToTheEnd(gameId: string, timeoutMs = 60_000): Promise<GameRecord> {
  const { alice } = h.users;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const game = (await h.service.getGame(gameId))!;
    if (game.status !== 'active') return game;
    if (Date.now() > deadline) throw new Error(`game ${gameId} did not end in ${timeoutMs} ms`);
    const module = GAMES.require(game.gameKey);
    const seat = module.rules.currentSeat(game.state);
    if (seat !== null && game.seats[seat]?.userId === alice.id) {
      const legal = module.rules.legalActions(game.state);
      const action = legal[Math.floor(Math.random() * legal.length)];
      await h.service.act(gameId, alice.id, action, game.version).catch(() => {});
    } else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Everything the bot showed everyone in the channel (every revision of every public message), as text. */
function channelText(): string {
  const shown = [...h.fake.state.messages.values()].filter((message) => (message.flags & 64) === 0);
  return JSON.stringify(
    shown.flatMap((message) => [message, ...message.history]).map((m) => [m.content, m.embeds]),
  );
}

/** The token was shown once: in the private answer to the manager who issued it, nowhere else. */
function expectTokenShownOnce(token: string): void {
  const holding = [...h.fake.state.messages.values()].filter((message) =>
    JSON.stringify([message.content, message.embeds, message.history]).includes(token),
  );
  expect(holding).toHaveLength(1);
  expect(holding[0]!.flags & 64).toBe(64);
}

describe('outside programs in Discord over the arena WebSocket', () => {
  it.each(['hare', 'greed', 'candyland', 'hedgehogs'])(
    'a program plays a full game of %s against a person and a built-in computer, rated as a program',
    async (game) => {
      const token = await issueToken('Bright Bot');
      const program = await connect({ token, name: 'anything' });
      const lobby = await lobbyWithPrograms(game, ['Bright Bot']);
      const seat = lobby.seats.findIndex((entry) => entry.level?.startsWith('program:'));
      expect(lobby.seats[seat]).toMatchObject({ kind: 'computer', name: 'Bright Bot', userId: null });
      const finished = await playToTheEnd(lobby.id);
      expect(finished.status).toBe('finished');
      await waitForSummary(h, lobby.id);
      await waitUntil(() => program.of('end').length === 1, 5000, 'the end message');
      const welcome = program.of('welcome')[0]!;
      expect(welcome).toMatchObject({
        game,
        seat,
        seats: 3,
        timeLimitMs: 2000,
        table: `${lobby.id}-${seat + 1}`,
      });
      expect(program.of('move').length).toBeGreaterThan(0);
      expect(program.of('strike')).toEqual([]);
      // Exactly the seat's observed view: what observe gives that seat.
      for (const move of program.of('move')) {
        expect(move.seat).toBe(seat);
        // The seat's observed view: no view tells the random stream (docs/players-protocol.md).
        expect((move.state as { rng?: unknown }).rng).toEqual([0, 0, 0, 0]);
        if (game === 'hare') {
          const runners = (move.state as { seats: { carrots: number }[] }).seats;
          runners.forEach((runner, index) => {
            if (index === seat) expect(runner.carrots).toBeGreaterThanOrEqual(0);
            else expect(runner.carrots).toBe(-1);
          });
        }
      }
      const ratings = await h.service.ratingLeaderboard(h.guildId, game, 10);
      const rated = ratings.find((entry) => entry.playerId === lobby.seats[seat]!.level);
      expect(rated).toMatchObject({ name: '🤖 Bright Bot', games: 1 });
      expectTokenShownOnce(token);
      // The fairness check replays the game: the program's moves legal, the computers' made again.
      const check = await h.service.verifyGame(lobby.id);
      expect(check.ok, check.lines.join('\n')).toBe(true);
    },
    90_000,
  );

  it('strikes malformed, illegal and late answers, hands the seat over after three, and a 10 MB message only disconnects', async () => {
    const hostile = await connect({ token: await issueToken('Hostile'), behaviour: 'malformed' });
    const huge = await connect({ token: await issueToken('Huge') });
    let hugeSent = false;
    huge.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'move' && !hugeSent) {
        hugeSent = true;
        huge.send('x'.repeat(10 * 1024 * 1024));
      }
    });
    // Three strikes of different kinds: the first answer not JSON, the second illegal, the third late.
    hostile.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type !== 'strike') return;
      hostile.behaviour = hostile.of('strike').length === 1 ? 'illegal' : 'slow';
    });
    const told: string[] = [];
    h.service.on('update', (update) => told.push(...update.lines.filter((line) => line.startsWith('🤖'))));
    // One second a move (the lobby's option): the slow answer (3 s) is late.
    const lobby = await lobbyWithPrograms('hare', ['Hostile', 'Huge'], 30, { 'program-time': 1 });
    const finished = await playToTheEnd(lobby.id);
    expect(finished.status).toBe('finished');
    expect(hostile.of('strike').map((strike) => strike.reason)).toEqual(['malformed', 'illegal', 'late']);
    expect(hostile.of('welcome')[0]).toMatchObject({ timeLimitMs: 1000 });
    expect(hostile.of('move')[0]).toMatchObject({ timeLeftMs: 1000 });
    expect((await huge.closed).code).toBe(1009);
    await waitForSummary(h, lobby.id);
    // What the table is told, in the game's log lines (the board shows the latest of them).
    expect(told.filter((line) => line.startsWith('🤖 Hostile: strike'))).toEqual([
      expect.stringContaining('🤖 Hostile: strike 1 (the line is not JSON)'),
      expect.stringContaining('🤖 Hostile: strike 2'),
    ]);
    expect(told).toContain(
      '🤖 Hostile is played by the built-in novice from now on: no answer within 1000 ms',
    );
    expect(told.filter((line) => line.startsWith('🤖 Huge is played by the built-in novice'))).toHaveLength(
      1,
    );
    // The board shows the latest lines (a burst of moves between two drawings may push one out of view).
    expect(channelText()).toMatch(
      /🤖 (Hostile|Huge)( is played by the built-in novice from now on|: strike)/,
    );
  }, 90_000);

  it('keeps the first connection of a token, refuses a second and a storm of reconnects, and a revoked token', async () => {
    const told: string[] = [];
    h.service.on('update', (update) => told.push(...update.lines.filter((line) => line.startsWith('🤖'))));
    const token = await issueToken('Keeper');
    const program = await connect({ token });
    const lobby = await lobbyWithPrograms('candyland', ['Keeper'], 40);
    const storm = await Promise.all(
      Array.from({ length: 40 }, () =>
        TestProgram.connect({ port: h.arena!.port, token }).then(
          () => 'open',
          (error: unknown) => (error instanceof Refused ? error.status : 'error'),
        ),
      ),
    );
    expect(storm.every((answer) => answer === 409 || answer === 429)).toBe(true);
    expect(storm).toContain(429);
    expect(program.socket.readyState).toBe(program.socket.OPEN);
    await waitUntil(() => program.of('move').length >= 2, 20_000, 'the program playing');
    // Revoked mid-game: disconnected now, refused from now on, and the game goes on with the built-in player.
    const revoked = await runCommand(h, teacher, 'revoke', { name: 'Keeper' }, 'arena');
    expect(revoked.message!.content).toContain('Keeper');
    expect((await program.closed).code).toBe(4001);
    // Refused from now on (this address is over its handshakes for the minute after the storm, so the
    // handshake's own check is asked: an unknown or revoked token gets 401, see test/arena/ws-server.test.ts).
    expect(await h.service.arenaTokens.verify(token)).toBeNull();
    const finished = await playToTheEnd(lobby.id);
    expect(finished.status).toBe('finished');
    await waitForSummary(h, lobby.id);
    expect(told.filter((line) => line.startsWith('🤖 Keeper is played by the built-in'))).toHaveLength(1);
  }, 90_000);

  it('plays the Python starter through the standard-library bridge (players/python/ws_bridge.py)', async () => {
    const token = await issueToken('Py Starter');
    const bridge = spawn(
      'python3',
      [
        'players/python/ws_bridge.py',
        '--url',
        `ws://127.0.0.1:${h.arena!.port}/`,
        '--',
        'python3',
        '-u',
        'players/python/greed.py',
      ],
      { env: { ...process.env, HARE_TOKEN: token }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    bridge.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await waitUntil(() => log.includes('connected as Py Starter'), 10_000, 'the bridge to connect');
      const lobby = await lobbyWithPrograms('greed', ['Py Starter']);
      const finished = await playToTheEnd(lobby.id);
      expect(finished.status).toBe('finished');
      const ratings = await h.service.ratingLeaderboard(h.guildId, 'greed', 10);
      expect(ratings.map((entry) => entry.name)).toContain('🤖 Py Starter');
      expect(channelText()).not.toContain('🤖 Py Starter: strike');
      expect(channelText()).not.toContain('🤖 Py Starter is played by the built-in');
    } finally {
      bridge.kill();
    }
  }, 90_000);

  it('after a restart, a running game’s program seat passes to the built-in player (the program reconnects for the next game)', async () => {
    const token = await issueToken('Restarted');
    const before = await connect({ token });
    const lobby = await lobbyWithPrograms('candyland', ['Restarted'], 40);
    await waitUntil(() => before.of('move').length >= 2, 20_000, 'the program playing');
    await h.restart();
    const told: string[] = [];
    h.service.on('update', (update) => told.push(...update.lines.filter((line) => line.startsWith('🤖'))));
    const after = await connect({ token });
    const finished = await playToTheEnd(lobby.id);
    expect(finished.status).toBe('finished');
    expect(told).toEqual([
      '🤖 Restarted is played by the built-in computer from now on: the bot restarted or moved the game to another of its processes',
    ]);
    expect(after.of('welcome')).toEqual([]);
    expect(h.service.connectedPrograms(h.guildId).map((program) => program.name)).toEqual(['Restarted']);
  }, 90_000);

  it('lets only server managers issue tokens, and lists the server’s programs privately', async () => {
    const refused = await runCommand(h, h.users.bob, 'token', { name: 'Nope' }, 'arena');
    expect(refused.message!.content).toMatch(/manage this server/);
    const token = await issueToken('Listed');
    await connect({ token });
    const listed = await runCommand(h, h.users.bob, 'list', {}, 'arena');
    expect(listed.message!.flags & 64).toBe(64);
    expect(listed.message!.content).toContain('🤖 **Listed** — connected');
    expect(listed.message!.content).not.toContain(token);
    const again = await runCommand(h, teacher, 'token', { name: 'Listed' }, 'arena');
    expect(again.message!.content).toMatch(/already has a player token/);
  });
});
