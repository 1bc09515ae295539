import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBackup, verifyInWorker } from '../../src/ops/backups';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import { BOB, makeHarness, openGame, playToEnd, tempDir, type Harness } from '../service/helpers';

const TSX = createRequire(import.meta.url).resolve('tsx');
const SCRIPT = path.resolve(__dirname, '../../scripts/db-backup.ts');

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function folder(): string {
  const { dir, cleanup } = tempDir('hare-backup-');
  cleanups.push(cleanup);
  return dir;
}

/** Alice and Bob against a computer: `finished` games played to the end, then one left in the middle. */
async function gamesOnFile(file: string, finished: number): Promise<{ h: Harness; running: string }> {
  const h = await makeHarness({ file });

  for (let n = 0; n <= finished; n++) {
    const lobby = await openGame(h, `channel-${n}`);
    await h.service.join(lobby.id, BOB);
    await h.service.addComputer(lobby.id, '100');
    await h.service.startGame(lobby.id, '100');
    if (n < finished) await playToEnd(h, lobby.id);
  }
  const running = (await h.service.findActiveGameInChannel(`channel-${finished}`))!.id;
  return { h, running };
}

describe('backups', () => {
  it('a backup taken during a game is owner-only, opens and verifies every game; the last K are kept', async () => {
    const dir = folder();
    const file = path.join(dir, 'hare.db');
    const { h, running } = await gamesOnFile(file, 1);
    const backups = path.join(dir, 'backups');
    const times = [Date.UTC(2026, 10, 25, 1), Date.UTC(2026, 10, 25, 2), Date.UTC(2026, 10, 25, 3)];
    const results = [];
    for (const now of times) {
      const backup = takeBackup({
        copyTo: (target) => h.store.backupTo(target),
        databaseFile: file,
        dir: backups,
        keep: 2,
        now,
        verify: verifyInWorker,
      });
      // The game goes on while the copy is taken: the copy is the database at one moment.
      await h.clock.runNext();
      results.push(await backup);
    }
    for (const result of results) {
      expect(result.failed).toBe(0);
      expect(result.verified).toBe(2);
    }
    expect(results[0]!.file).toBe(path.join(backups, 'hare-20261125-010000.db'));
    expect(results[2]!.removed).toEqual([results[0]!.file]);
    expect(fs.readdirSync(backups).sort()).toEqual(['hare-20261125-020000.db', 'hare-20261125-030000.db']);
    expect(fs.statSync(results[2]!.file).mode & 0o777).toBe(0o600);
    const copy = openSqliteStorage(results[2]!.file);
    try {
      expect((await copy.games.getGame(running))?.status).toBe('active');
    } finally {
      await copy.close();
    }
  });

  it('npm run db:backup copies the database while it is open and says how many games verified', async () => {
    const dir = folder();
    const file = path.join(dir, 'hare.db');
    await gamesOnFile(file, 1);
    const to = path.join(dir, 'copies');
    const run = () =>
      spawnSync(process.execPath, ['--import', TSX, SCRIPT, '--database', file, '--to', to, '--keep', '1'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
      });
    const first = run();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^backup: .*hare-\d{8}-\d{6}\.db$/m);
    expect(first.stdout).toMatch(/^2 games verified, 0 failed$/m);
    expect(fs.readdirSync(to)).toHaveLength(1);
  });
});
