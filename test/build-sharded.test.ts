/**
 * The production build runs the sharded bot: `npm run start:sharded:prod`'s command starts discord.js's
 * ShardingManager from dist/ with plain Node (no tsx), one process per shard, against the local fake Discord.
 * The build goes to a folder of the test's own (BUILD_OUT), so it never replaces a dist/ another test runs from.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../src/fakediscord/index';
import { eventually } from './support/eventually';
import { nodeScript } from '../scripts/node-script';

const ROOT = resolve(__dirname, '..');
const TSX = createRequire(import.meta.url).resolve('tsx');

const dir = mkdtempSync(join(tmpdir(), 'hare-prod-sharded-'));
const fake = new FakeDiscord({ token: 'prod-token', identifyMaxConcurrency: 2 });
let manager: ChildProcess | undefined;
afterAll(async () => {
  manager?.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 1500));
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the production build of the sharded bot', () => {
  it('starts a process per shard from the build with plain Node', { timeout: 120_000 }, async () => {
    // The bundles keep their packages outside: they find them through a node_modules beside the build.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const out = join(dir, 'dist');
    const built = spawnSync(process.execPath, ['--import', TSX, 'scripts/build.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, BUILD_OUT: out },
    });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);

    const { env, args } = nodeScript('start:sharded:prod');
    fake.addGuild({ name: 'One', channels: ['games'] });
    await fake.start();
    manager = spawn(
      process.execPath,
      args.map((arg) => (arg.startsWith('dist/') ? join(dir, arg) : arg)),
      {
        cwd: dir,
        env: {
          ...env,
          PATH: process.env.PATH ?? '',
          HOME: dir,
          DISCORD_TOKEN: 'prod-token',
          DISCORD_API_URL: fake.apiUrl,
          DATABASE_PATH: join(dir, 'hare.db'),
          HARE_SHARD_COUNT: '2',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    manager.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    manager.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(
      async () => (/all 2 shard processes are up/.test(output) ? true : undefined),
      `both shard processes (they said: ${output})`,
      90_000,
    );
    expect(fake.connectedShards.map(([id, count]) => `${id}/${count}`).sort()).toEqual(['0/2', '1/2']);
    expect(output).not.toMatch(/tsx|error/i);
  });
});
