/**
 * `npm run start:sharded` as an operator runs it: discord.js's ShardingManager starts one bot process per shard
 * (real OS processes on one SQLite file) against the local fake Discord. Each game is driven by the process of
 * its server's shard; a process killed with SIGKILL mid-game is started again by the manager, which takes the
 * dead process's shard at once (it is provably gone: same machine, its pid dead) instead of waiting out the
 * lease, so its games move again well within the lease, every interaction a connected process received is
 * answered within Discord's 3 s, and no message is posted twice.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../commands/index';
import { deployCommands } from '../src/bot/deploy';
import { FakeDiscord, type FakeUser, type RecordedInteraction } from '../src/fakediscord/index';
import { openSqliteStorage } from '../src/store/sqlite/sqlite-storage';
import type { Storage } from '../src/store/storage';

const SCRIPT = resolve(__dirname, '../scripts/start-sharded.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');
/** The default lease: a successor that waited it out would leave the shard's servers unanswered for 30 s. */
const LEASE_SECONDS = 30;

/** A guild id that shard `shard` of 2 holds. */
const guildOfShard = (shard: number) => ((1_700_000_000_000n + BigInt(shard)) << 22n).toString();

let output = '';

async function until<T>(
  what: string,
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
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
  let reader: Storage | undefined;
  afterAll(async () => {
    manager?.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    await reader?.close();
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
      const store = openSqliteStorage(database);
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
        const gameId = (await store.games.findOpenGameInChannel(channel.id))!.id;
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
      const versions = () =>
        Promise.all(games.map(async (id) => (await store.games.getGame(id))?.version ?? 0));
      const started = await versions();
      await until('both games moving', async () =>
        (await versions()).every((version, i) => version > started[i]! + 2),
      );

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
      const frozen = await versions();
      await until('the killed process disconnected', () => fake.connectedShards.length === 1);
      const [[liveShard]] = fake.connectedShards as [[number, number]];
      const killedShard = 1 - liveShard;
      // Commands in both servers all along, while the manager starts the killed shard's process again.
      const asked: { shard: number; interaction: RecordedInteraction }[] = [];
      let asking = true;
      const asker = (async () => {
        for (let turn = 0; asking; turn++) {
          const shard = turn % 2;
          const { channel } = guilds[shard]!;
          asked.push({
            shard,
            interaction: fake.slashCommand({ user: alice, channel, name: 'greed', subcommand: 'rules' }),
          });
          await new Promise((done) => setTimeout(done, 300));
        }
      })();
      await until('a new process for the killed shard', () =>
        /process ended, starting it again/.test(output),
      );
      await until('the killed shard connected again', () => fake.connectedShards.length === 2, 60_000);
      await until(
        'every game moving again',
        async () => (await versions()).every((version, i) => version > frozen[i]! + 1),
        LEASE_SECONDS * 1000,
      );
      const movingAfterMs = Date.now() - killedAt;
      // Some more commands to the new process, then every answer's 3 s have passed.
      await new Promise((done) => setTimeout(done, 3000));
      asking = false;
      await asker;
      await new Promise((done) => setTimeout(done, 3500));
      // What no process was connected to receive (Discord tells its sender at once) cannot be answered; every
      // interaction a process received was answered within Discord's 3 s.
      const received = asked.filter(({ interaction }) => interaction.deliveredTo > 0);
      const unanswered = received.filter(
        ({ interaction }) => interaction.latencyMs === null || interaction.latencyMs > 3000,
      );
      expect(received.filter(({ shard }) => shard === killedShard).length).toBeGreaterThan(3);
      expect(
        unanswered.map(
          ({ shard, interaction }) => `shard ${shard}: ${interaction.id} ${interaction.latencyMs}`,
        ),
      ).toEqual([]);
      // Not waited out: the dead process's lease (renewed at most a third of it before the kill) still held.
      expect(movingAfterMs).toBeLessThan((LEASE_SECONDS * 2 * 1000) / 3);

      // One board per channel: no process posted a second one for a game it does not drive.
      for (const { channel } of guilds) {
        const boards = fake
          .messages(channel.id)
          .filter((message) => message.attachments.some((file) => file.filename === 'board.png'));
        expect(boards.length).toBeLessThanOrEqual(1);
      }
      for (const id of games) {
        const seqs = (await store.games.listActions(id)).map((row) => row.seq);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      }
    },
  );
});
