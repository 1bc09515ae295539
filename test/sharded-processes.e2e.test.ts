/**
 * `npm run start:sharded` as an operator runs it: discord.js's ShardingManager starts one bot process per shard
 * (real OS processes on one SQLite file) against the local fake Discord. Each game is driven by the process of
 * its server's shard; a process killed with SIGKILL is started again by the manager, and its shard's games move
 * again once the dead process's lease has run out, with no message posted twice.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../commands/index';
import { deployCommands } from '../src/bot/deploy';
import { FakeDiscord, type FakeUser } from '../src/fakediscord/index';
import { openStore, type Store } from '../src/store/index';

const SCRIPT = resolve(__dirname, '../scripts/start-sharded.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');
const LEASE_SECONDS = 3;

/** A guild id that shard `shard` of 2 holds. */
const guildOfShard = (shard: number) => ((1_700_000_000_000n + BigInt(shard)) << 22n).toString();

let output = '';

async function until<T>(
  what: string,
  check: () => T | null | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; the processes said:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('npm run start:sharded', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hare-sharded-'));
  const fake = new FakeDiscord({ token: 'test-token' });
  let manager: ChildProcess | undefined;
  let reader: Store | undefined;
  afterAll(async () => {
    manager?.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    reader?.close();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'runs a process per shard, each driving its shard’s games, and takes over a killed one’s',
    { timeout: 180_000 },
    async () => {
      const guilds = [0, 1].map((shard) =>
        fake.addGuild({ id: guildOfShard(shard), name: `Shard ${shard}`, channels: ['games'] }),
      );
      const alice: FakeUser = fake.addUser({ username: 'alice', globalName: 'Alice' });
      await fake.start();
      for (const { guild } of guilds)
        await deployCommands({
          commands,
          token: 'test-token',
          clientId: fake.applicationId,
          guildId: guild.id,
          api: fake.apiUrl,
        });
      const database = join(dir, 'hare.db');
      manager = spawn(process.execPath, ['--import', TSX, SCRIPT], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          DISCORD_TOKEN: 'test-token',
          DISCORD_API_URL: fake.apiUrl,
          DATABASE_PATH: database,
          HARE_SHARD_COUNT: '2',
          LEASE_SECONDS: String(LEASE_SECONDS),
          AI_TURN_DELAY_MS: '300',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      manager.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      manager.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await until('both shard processes', () => /all 2 shard processes are up/.test(output), 90_000);
      expect(fake.connectedShards.map(([id, count]) => `${id}/${count}`).sort()).toEqual(['0/2', '1/2']);

      // The test reads the processes' database through one connection of its own.
      const store = openStore(database);
      reader = store;
      // A game of computers in each server: Alice starts it and leaves it to them.
      const games: string[] = [];
      for (const { channel } of guilds) {
        const opened = await fake.waitForFinal(
          fake.slashCommand({
            user: alice,
            channel,
            name: 'greed',
            subcommand: 'start',
            options: { seats: 3 },
          }),
        );
        const gameId = store.games.findOpenGameInChannel(channel.id)!.id;
        await fake.waitForResponse(
          fake.clickButton({
            user: alice,
            messageId: opened.message!.id,
            customId: `greed:lobby:${gameId}:start`,
          }),
        );
        await fake.waitForFinal(
          fake.slashCommand({ user: alice, channel, name: 'greed', subcommand: 'leave' }),
        );
        games.push(gameId);
      }
      const version = (gameId: string) => store.games.getGame(gameId)?.version ?? 0;
      const started = games.map(version);
      await until('both games moving', () => games.every((id, i) => version(id) > started[i]! + 2));

      // SIGKILL one shard process: the manager starts it again; its game moves again after the lease.
      // The manager's bot processes (it also has a helper process of tsx's).
      const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(manager.pid)])
        .toString()
        .trim()
        .split('\n')
        .filter((line) => line.includes('src/main.ts'))
        .map((line) => Number.parseInt(line.trim(), 10));
      expect(children).toHaveLength(2);
      process.kill(children[0]!, 'SIGKILL');
      const killedAt = Date.now();
      const frozen = games.map(version);
      await until('a new process for the killed shard', () =>
        /process ended, starting it again/.test(output),
      );
      await until(
        'every game moving again',
        () => games.every((id, i) => version(id) > frozen[i]! + 1),
        (LEASE_SECONDS + 30) * 1000,
      );
      expect(Date.now() - killedAt).toBeLessThan((LEASE_SECONDS + 30) * 1000);

      // One board per channel: no process posted a second one for a game it does not drive.
      for (const { channel } of guilds) {
        const boards = fake
          .messages(channel.id)
          .filter((message) => message.attachments.some((file) => file.filename === 'board.png'));
        expect(boards.length).toBeLessThanOrEqual(1);
      }
      for (const id of games) {
        const seqs = store.games.listActions(id).map((row) => row.seq);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      }
    },
  );
});
