/**
 * The arena's WebSocket on its own (src/arena/ws): off unless ARENA_PORT is set, the token checked in the
 * handshake, one connection per token, bounded message size and rate, a revoked token's connection closed, and
 * a table's channel that the seat driver plays like any other.
 */
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SeatDriver } from '../../src/arena/seat-driver';
import { ProgramRegistry } from '../../src/arena/ws/registry';
import { startArenaServer, type ArenaLimits, type ArenaServer } from '../../src/arena/ws/server';
import { arenaSetup } from '../../src/arena/ws/start';
import { loadConfig } from '../../src/config';
import { silentLogger } from '../../src/logger';
import { Refused, TestProgram } from './ws-program';

const GUILD = '100000000000000001';
const TOKENS: Record<string, { tokenId: string; guildId: string; name: string }> = {
  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: { tokenId: 't1', guildId: GUILD, name: 'alpha' },
  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb: { tokenId: 't2', guildId: GUILD, name: 'beta' },
};
const [ALPHA, BETA] = Object.keys(TOKENS) as [string, string];

let server: ArenaServer | null = null;
let registry: ProgramRegistry;
const programs: TestProgram[] = [];

async function start(limits: Partial<ArenaLimits> = {}): Promise<number> {
  registry = new ProgramRegistry();
  server = await startArenaServer({
    port: 0,
    host: '127.0.0.1',
    registry,
    verifyToken: async (token) => TOKENS[token] ?? null,
    limits,
  });
  return server.port;
}

async function connect(port: number, token: string, name?: string): Promise<TestProgram> {
  const program = await TestProgram.connect({ port, token, ...(name ? { name } : {}) });
  programs.push(program);
  return program;
}

function status(promise: Promise<unknown>): Promise<number | 'open'> {
  return promise.then(
    (program) => {
      programs.push(program as TestProgram);
      return 'open' as const;
    },
    (error: unknown) => (error instanceof Refused ? error.status : -1),
  );
}

function table(name: string) {
  return {
    table: name,
    game: 'candyland',
    rules: { turnLimit: 200 },
    seat: 0,
    seats: 2,
    players: ['alpha', 'auto'],
    timeLimitMs: 500,
    helloTimeoutMs: 500,
    seed: 'seed',
  };
}

async function waitFor(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(probe()).toBe(true);
}

afterEach(async () => {
  for (const program of programs.splice(0)) program.close();
  await server?.close();
  server = null;
});

describe('the arena WebSocket', () => {
  it('is off unless ARENA_PORT is set: no registry, nothing listens', async () => {
    const config = loadConfig({});
    expect(config.ARENA_PORT).toBeUndefined();
    expect(config.ARENA_HOST).toBe('127.0.0.1');
    const setup = arenaSetup(config, silentLogger);
    expect(setup.registry).toBeNull();
    expect(await setup.listen(async () => null)).toBeNull();
    const on = arenaSetup(loadConfig({ ARENA_PORT: '0' }), silentLogger);
    const listening = await on.listen(async () => null);
    try {
      expect(on.registry).not.toBeNull();
      expect(listening?.port).toBeGreaterThan(0);
    } finally {
      await listening?.close();
    }
  });

  it('checks the token in the handshake and lists the program once it said hello', async () => {
    const port = await start();
    expect(await status(TestProgram.connect({ port, token: 'x'.repeat(43) }))).toBe(401);
    expect(await status(TestProgram.connect({ port, token: '' }))).toBe(401);
    await connect(port, ALPHA);
    expect(registry.connectedPrograms(GUILD)).toEqual([{ tokenId: 't1', name: 'alpha' }]);
    expect(registry.connectedPrograms('200000000000000002')).toEqual([]);
  });

  it('refuses a second connection with the same token and keeps the first', async () => {
    const port = await start();
    const first = await connect(port, ALPHA);
    expect(await status(TestProgram.connect({ port, token: ALPHA }))).toBe(409);
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    expect(registry.connectedPrograms(GUILD).map((program) => program.name)).toEqual(['alpha']);
  });

  it('closes only the socket that sends a message over the size limit (10 MB)', async () => {
    const port = await start();
    const big = await connect(port, ALPHA);
    const other = await connect(port, BETA);
    big.send('x'.repeat(10 * 1024 * 1024));
    expect((await big.closed).code).toBe(1009);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
    expect(registry.connectedPrograms(GUILD).map((program) => program.name)).toEqual(['beta']);
  });

  it('closes a connection that sends faster than its rate', async () => {
    const port = await start({ messagesPerSecond: 5, messageBurst: 10 });
    const chatty = await connect(port, ALPHA);
    for (let i = 0; i < 50; i++) chatty.send('{"type":"noise"}');
    expect((await chatty.closed).code).toBe(1008);
  });

  it('never counts answers to requests against the rate: a program at 60 tables answers them all at once', async () => {
    const port = await start({ messagesPerSecond: 5, messageBurst: 10 });
    const program = await connect(port, ALPHA);
    const drivers = Array.from({ length: 60 }, (_, index) => {
      const info = table(`g${index}-1`);
      return new SeatDriver(registry.openSeat(GUILD, 't1', info)!, info);
    });
    await Promise.all(drivers.map((driver) => driver.handshake()));
    const legal = [{ type: 'draw' }];
    const moves = await Promise.all(
      drivers.map((driver) => driver.move({ seats: 2 }, legal, () => legal[0])),
    );
    expect(moves.every((move) => move.byProgram)).toBe(true);
    expect(program.socket.readyState).toBe(program.socket.OPEN);
  });

  it('refuses a storm of handshakes from one address with 429, and stays up', async () => {
    const port = await start({ handshakesPerMinute: 10 });
    const kept = await connect(port, ALPHA);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => status(TestProgram.connect({ port, token: ALPHA }))),
    );
    expect(answers.filter((answer) => answer === 409).length).toBe(9);
    expect(answers.filter((answer) => answer === 429).length).toBe(21);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
  });

  it('drops a program that stops answering pings, so its token can connect again', async () => {
    const port = await start({ pingEveryMs: 100 });
    const asleep = await connect(port, ALPHA);
    // A machine gone to sleep answers nothing: ws answers pings by itself, so stop its socket reading.
    (asleep.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    await waitFor(() => registry.connectedPrograms(GUILD).length === 0);
    await connect(port, ALPHA);
    expect(registry.connectedPrograms(GUILD).map((program) => program.name)).toEqual(['alpha']);
  });

  it('closes the connection of a revoked token', async () => {
    const port = await start();
    const program = await connect(port, ALPHA);
    registry.disconnect('t1', 'the token was revoked');
    expect((await program.closed).code).toBe(4001);
    expect(registry.connectedPrograms(GUILD)).toEqual([]);
  });

  it('wants a hello first, and refuses a bad one', async () => {
    const port = await start({ helloTimeoutMs: 300 });
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('error', () => {});
    socket.end('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const plain = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
    });
    expect(plain).toMatch(/^HTTP\/1\.1 426/);
  });

  it('plays a table through the seat driver: welcome, requests with the table, strikes, end', async () => {
    const port = await start();
    const program = await connect(port, ALPHA);
    const channel = registry.openSeat(GUILD, 't1', table('g1-1'))!;
    expect(registry.openSeat('200000000000000002', 't1', table('g1-2'))).toBeNull();
    const driver = new SeatDriver(channel, table('g1-1'));
    expect(await driver.handshake()).toBe(true);
    const legal = [{ type: 'draw' }];
    const played = await driver.move({ seats: 2 }, legal, () => legal[0]);
    expect(played).toMatchObject({ action: { type: 'draw' }, byProgram: true });
    program.behaviour = 'illegal';
    const struck = await driver.move({ seats: 2 }, legal, () => legal[0]);
    expect(struck).toMatchObject({ byProgram: false, strike: 'illegal' });
    await driver.finish({ standings: [], endedByTurnLimit: false, state: null });
    await waitFor(() => program.of('end').length === 1);
    expect(program.received.map((message) => message.type)).toEqual([
      'ready',
      'welcome',
      'move',
      'move',
      'strike',
      'end',
    ]);
    expect(program.received.slice(1).every((message) => message.table === 'g1-1')).toBe(true);
  });
});
