/**
 * A production deployment: a clone of the project with the build (dist/) in it, its packages installed with
 * `npm ci --omit=dev` (so no tsx, no esbuild, no vitest), and every production command the README and
 * docs/operations.md give run from it with plain Node: the sandbox start, the sharded start against the fake
 * Discord, deploy-commands against the fake, db:backup, db:verify, db:ratings, db:copy and verify. The
 * documented start, sent SIGTERM, shuts the bot down cleanly (npm hands the signal to node: the script
 * `exec`s).
 *
 * The install runs from npm's cache (`--prefer-offline`) without install scripts: better-sqlite3's would
 * compile its addon from source here (no prebuilt binary is reachable), two minutes of the suite, so the
 * addon this checkout's install compiled for the same Node and the same locked version is copied in instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../src/fakediscord/index';
import { SANDBOX_IDS } from '../src/sandbox/index';
import type { PageMessage } from '../src/sandbox/page-view';
import { ALICE, GUILD, makeHarness, playToEnd } from './service/helpers';
import { eventually } from './support/eventually';

const ROOT = resolve(__dirname, '..');
const TSX = createRequire(import.meta.url).resolve('tsx');
const ALICE_ID = SANDBOX_IDS.users.alice;
const CHANNEL = SANDBOX_IDS.channels.raceTrack;
const folder = mkdtempSync(join(tmpdir(), 'hare-production-'));
const app = join(folder, 'hare');
const running: ChildProcess[] = [];
const fake = new FakeDiscord({ token: 'prod-token', identifyMaxConcurrency: 2 });

/** A clean environment: what an operator's shell would hold, nothing of this test run's npm. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: folder, LOG_FORMAT: 'json', ...extra };
}

function start(command: string, args: string[], extra: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: app,
    env: environment(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close': its output read to the end (a shard process writes to the same pipe as its manager).
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return { child, exited, output: () => output };
}

/** Runs a command to its end (without blocking: the fake Discord answers from this process). */
async function run(command: string, args: string[], extra: Record<string, string> = {}) {
  const child = start(command, args, extra);
  return { status: await child.exited, out: child.output() };
}

/** The one process npm runs for the script (node itself, when the script `exec`s). */
function childOf(pid: number): number | undefined {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  const pids = listed.split('\n').map(Number).filter(Boolean);
  return pids.length === 1 ? pids[0] : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A move in the sandbox, drawn by the build's render worker (a worker that needed tsx would fail here): Greed
 * with a computer, Start, Roll, and the board's image.
 */
async function rollInGreed(page: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${page}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
  const messages = async () =>
    (await (await fetch(`${page}/api/messages?channel=${CHANNEL}&user=${ALICE_ID}`)).json()) as PageMessage[];
  const click = async (label: RegExp) => {
    const target = await eventually(async () => {
      for (const message of (await messages()).reverse())
        for (const control of message.components.flatMap((row) => row.components))
          if (control.kind === 'button' && label.test(control.label) && control.customId && !control.disabled)
            return { messageId: message.id, customId: control.customId };
      return undefined;
    }, `the ${label} button`);
    expect((await post('/api/component', { userId: ALICE_ID, ...target })).status).toBe(200);
  };
  const opened = await post('/api/send', {
    channelId: CHANNEL,
    userId: ALICE_ID,
    text: '/greed start seats:2',
  });
  expect(opened.status).toBe(200);
  await click(/^Add computer/);
  await click(/^Start/);
  await click(/^Roll/);
  const board = await eventually(
    async () =>
      (await messages()).find((m) => /rolls/.test(m.embeds[0]?.descriptionHtml ?? '') && m.embeds[0]?.image),
    'the board after the roll',
  );
  const image = await fetch(`${page}${board.embeds[0]!.image!.url}`);
  expect(image.headers.get('content-type')).toBe('image/png');
}

beforeAll(async () => {
  expect(spawnSync('git', ['clone', '--quiet', ROOT, app], { encoding: 'utf8' }).status).toBe(0);
  const built = spawnSync(process.execPath, ['--import', TSX, 'scripts/build.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BUILD_OUT: join(app, 'dist') },
  });
  expect(built.stderr).toBe('');
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    // npm's cache in the real home: the packages come from it.
    { cwd: app, env: { PATH: process.env.PATH ?? '', HOME: homedir() }, encoding: 'utf8' },
  );
  expect(install.status, install.stderr).toBe(0);
  const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  mkdirSync(join(app, addon, '..'), { recursive: true });
  copyFileSync(join(ROOT, addon), join(app, addon));
  await fake.start();
}, 180_000);

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fake.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev)', () => {
  it('holds no development tool', () => {
    for (const tool of ['tsx', 'esbuild', 'vitest', 'typescript-eslint'])
      expect(existsSync(join(app, 'node_modules', tool)), tool).toBe(false);
  });

  it('npm run start:prod without a token serves the sandbox and plays; SIGTERM to npm stops it', async () => {
    const bot = start('npm', ['run', 'start:prod'], { SANDBOX_PORT: '0' });
    const page = await eventually(
      async () => /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(bot.output())?.[1],
      'the sandbox address',
      60_000,
    );
    expect((await fetch(`${page}/`)).status).toBe(200);
    await rollInGreed(page);
    const node = childOf(bot.child.pid!);
    expect(node, 'npm runs node itself, no shell in between').toBeDefined();
    expect(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0')).toContain('dist/main.js');
    // glibc's malloc reads it at the start: fewer thread arenas, a smaller peak (docs/benchmarks.md).
    expect(readFileSync(`/proc/${node}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
    // The sandbox's database, in WAL mode while open: SQLite removes its write-ahead log when it is closed.
    const wal = join(app, 'data/sandbox.db-wal');
    expect(existsSync(wal)).toBe(true);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    expect(alive(node!)).toBe(false);
    expect(bot.output()).toMatch(/"msg":"SIGTERM received"/);
    expect(bot.output()).not.toMatch(/"level":"(error|warn)"/);
    expect(existsSync(wal), 'the database closed').toBe(false);
  }, 90_000);

  it('npm run start:sharded:prod starts a process per shard; a SIGTERM shuts each down', async () => {
    fake.addGuild({ name: 'One', channels: ['games'] });
    const manager = start('npm', ['run', 'start:sharded:prod'], {
      DISCORD_TOKEN: 'prod-token',
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_PATH: join(folder, 'sharded.db'),
      HARE_SHARD_COUNT: '2',
    });
    await eventually(
      async () => (/all 2 shard processes are up/.test(manager.output()) ? true : undefined),
      `both shard processes (they said: ${manager.output()})`,
      90_000,
    );
    expect(fake.connectedShards.map(([id, count]) => `${id}/${count}`).sort()).toEqual(['0/2', '1/2']);
    manager.child.kill('SIGTERM');
    expect(await manager.exited).toBe(0);
    await eventually(async () => (fake.connectedShards.length === 0 ? true : undefined), 'the shards gone');
    // Each shard process shut down cleanly, the manager waiting for it.
    expect(manager.output().match(/"msg":"SIGTERM received"/g)).toHaveLength(2);
    expect(manager.output()).not.toMatch(/tsx|"level":"(error|warn)"|ERR_|starting it again/);
  }, 120_000);

  it('node dist/deploy-commands.js registers the commands', async () => {
    const { guild } = fake.addGuild({ name: 'Deploy' });
    const deployed = await run('node', ['dist/deploy-commands.js'], {
      DISCORD_TOKEN: 'prod-token',
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: fake.apiUrl,
    });
    expect(deployed.out).toMatch(/Registered \d+ command\(s\)/);
    expect(deployed.status).toBe(0);
    expect(fake.commands(guild.id).map((command) => command.name)).toContain('hare');
  });

  describe('the database commands, on a database with a finished game', () => {
    const database = join(folder, 'games.db');
    const log = join(folder, 'game-log.json');
    beforeAll(async () => {
      const h = await makeHarness({ file: database });
      try {
        const lobby = await h.service.openLobby({
          game: 'hedgehogs',
          guildId: GUILD,
          channelId: 'c',
          host: ALICE,
          seats: 2,
          hostSeated: false,
        });
        await h.service.startGame(lobby.id, ALICE.id);
        await playToEnd(h, lobby.id);
        writeFileSync(log, JSON.stringify(await h.service.gameLog(lobby.id)));
      } finally {
        await h.dispose();
      }
    });

    it.each([
      ['db-backup', ['--database', database, '--to', join(folder, 'backups')], /1 games verified, 0 failed/],
      ['db-verify', [database], /1 games verified, 0 failed/],
      ['db-ratings', [database, '--rebuild'], /\d+ games rated/],
      [
        'db-copy',
        ['--from', database, '--to', join(folder, 'copy.db')],
        /1 games copied, 1 verified, 0 failed/,
      ],
      ['verify', ['--game', 'hedgehogs', '--log', log], /Everything matches/],
    ])('node dist/%s.js works', async (script, args, prints) => {
      const result = await run('node', [`dist/${script}.js`, ...args]);
      expect(result.out).toMatch(prints);
      expect(result.status).toBe(0);
    });
  });
});
