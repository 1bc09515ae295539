import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../src/fakediscord/index';
import { SANDBOX_IDS } from '../src/sandbox/index';
import { eventually } from './support/eventually';
import { createTestDatabase, dropTestDatabase } from './support/pg-database';

const MAIN = resolve(__dirname, '../src/main.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

/** Starts `npm start`'s entry in a fresh folder with no .env, as a new user would. */
function startMain(env: Record<string, string>, cwd: string): Run {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { output: () => output, exited, kill: (signal) => child.kill(signal) };
}

async function waitForOutput(run: Run, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start (src/main.ts)', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hare-main-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('without a token serves the local sandbox page, and stops cleanly on SIGTERM', async () => {
    const dir = fresh();
    const run = startMain({ SANDBOX_PORT: '0', LOG_LEVEL: 'warn' }, dir);
    const [, url] = await waitForOutput(run, /Open (http:\/\/127\.0\.0\.1:\d+\S*)/);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html/i);
    expect(run.output()).toMatch(/DISCORD_TOKEN/);
    // The console sends players to the switcher where the page really has it, and names every game.
    expect(run.output()).toMatch(/switch players under "Play as" in the left column/);
    expect(html).toContain('>Play as<');
    expect(run.output()).toMatch(/\/hare start or \/greed start or \/candyland start or \/hedgehogs start/);
    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it("starts with discord.js's own SHARD_COUNT set to auto or empty (an older .env), which it keeps from the client", async () => {
    for (const value of ['auto', '']) {
      const run = startMain(
        { SANDBOX_PORT: '0', LOG_LEVEL: 'warn', SHARD_COUNT: value, SHARDS: '' },
        fresh(),
      );
      const [, url] = await waitForOutput(run, /Open (http:\/\/127\.0\.0\.1:\d+\S*)/);
      expect((await fetch(url!)).status).toBe(200);
      run.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  });

  it('starts the worker threads RENDER_WORKERS and COMPUTER_WORKERS ask for, and refuses 0', async () => {
    const run = startMain(
      { SANDBOX_PORT: '0', LOG_LEVEL: 'info', RENDER_WORKERS: '3', COMPUTER_WORKERS: '2' },
      fresh(),
    );
    await waitForOutput(run, /Open (http:\/\/127\.0\.0\.1:\d+\S*)/);
    expect(run.output()).toMatch(/worker threads: 3 render, 2 computer-player/);
    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const refused = startMain({ SANDBOX_PORT: '0', COMPUTER_WORKERS: '0' }, fresh());
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('COMPUTER_WORKERS');
  });

  it('on Discord, a SIGTERM while it is still starting (its gateway just connected) shuts it down cleanly', async () => {
    // discord.js's sharding manager counts a process up when its client is ready, and may stop it from then on.
    const fake = new FakeDiscord({ token: 'start-token' });
    await fake.start();
    fake.addGuild({ name: 'Starting', channels: ['games'] });
    const dir = fresh();
    try {
      const run = startMain(
        {
          DISCORD_TOKEN: 'start-token',
          DISCORD_API_URL: fake.apiUrl,
          DATABASE_PATH: join(dir, 'bot.db'),
          LOG_LEVEL: 'info',
        },
        dir,
      );
      const deadline = Date.now() + 30_000;
      while (fake.connectedShards.length === 0) {
        if (Date.now() > deadline) throw new Error(`never connected:\n${run.output()}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      run.kill('SIGTERM');
      expect(await run.exited, run.output()).toBe(0);
      expect(run.output()).toMatch(/"msg":"SIGTERM received"/);
      expect(run.output()).not.toMatch(/"level":"(error|warn)"/);
      expect(existsSync(join(dir, 'bot.db-wal')), 'the database closed').toBe(false);
    } finally {
      await fake.stop();
    }
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    const run = startMain({ AI_TURN_DELAY_MS: 'soon', SANDBOX_PORT: '0' }, fresh());
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('AI_TURN_DELAY_MS');
    expect(run.output()).toContain('.env.example');
  });

  it('with DATABASE_URL keeps its games in PostgreSQL (migrated at start), not in a SQLite file', async () => {
    const dir = fresh();
    const url = await createTestDatabase();
    try {
      const run = startMain({ DATABASE_URL: url, SANDBOX_PORT: '0', LOG_LEVEL: 'info' }, dir);
      const [, page] = await waitForOutput(run, /Open (http:\/\/127\.0\.0\.1:\d+\S*)/);
      expect(run.output()).toMatch(/database: postgres at postgres:\/\/[^\s]*127\.0\.0\.1/);
      const sent = await fetch(new URL('/api/send', page), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          channelId: SANDBOX_IDS.channels.raceTrack,
          userId: SANDBOX_IDS.users.alice,
          text: '/greed start',
        }),
      });
      expect(sent.status).toBe(200);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const lobbies = await eventually(async () => {
          const { rows } = await client.query<{ game_key: string; status: string }>(
            'SELECT game_key, status FROM games',
          );
          return rows.length > 0 ? rows : undefined;
        }, 'the lobby in PostgreSQL');
        expect(lobbies).toEqual([{ game_key: 'greed', status: 'lobby' }]);
      } finally {
        await client.end();
      }
      expect(existsSync(join(dir, 'data', 'sandbox.db'))).toBe(false);
      run.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      await dropTestDatabase(url);
    }
  });
});
