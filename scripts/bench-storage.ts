/**
 * Storage per finished game: plays computer-only games of each game (the default seats, the weakest computers,
 * on a fake clock) into a fresh database file, compacts it, and prints the bytes per finished game and per
 * 10,000 games; then applies a retention to them all and prints what a game keeps without its moves.
 *
 * Usage: npm run bench:storage [-- --games 200]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GAMES } from '../src/games/index';
import { FakeClock, GameService } from '../src/service/index';
import { compactedFileSize } from '../src/store/sqlite/maintenance';
import { openSqliteStorage } from '../src/store/sqlite/sqlite-storage';
import { COPIED_TABLES } from '../src/store/storage-rows';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:storage [-- --games 200]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' } } });
const COUNT = numberOption(USAGE, 'games', values.games, 200, { min: 1 });

const ACTIONS = COPIED_TABLES.find((table) => table.name === 'actions')!;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

for (const module of GAMES.all) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-storage-'));
  const file = path.join(dir, 'hare.db');
  const store = openSqliteStorage(file);
  const empty = compactedFileSize(file);
  const clock = new FakeClock();
  const service = new GameService({ store, clock, onError: (error) => console.error(error) });
  await service.start();
  const host = { id: 'storage-host', name: 'Host' };
  for (let n = 0; n < COUNT; n++) {
    const lobby = await service.openLobby({
      game: module.key,
      guildId: 'storage',
      channelId: `storage-${n}`,
      host,
      hostSeated: false,
      seats: module.seats.default,
      computerLevel: module.computer.levels[0],
    });
    await service.startGame(lobby.id, host.id);
    while (!(await service.status(lobby.id)).finished)
      if (!(await clock.runNext())) throw new Error('stalled');
    await store.games.settleChannel(lobby.id, clock.now());
  }
  service.stop();
  const actions = await store.rows.count(ACTIONS);
  const full = compactedFileSize(file) - empty;
  await store.maintenance.applyRetention(clock.now() + 1000 * 24 * 60 * 60_000, 1);
  const kept = compactedFileSize(file) - empty;
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `${module.key}: ${COUNT} games, ${(actions / COUNT).toFixed(0)} moves each: ${kb(full / COUNT)} a finished game, ` +
      `${mb((full / COUNT) * 10_000)} per 10,000; after a retention ${kb(kept / COUNT)} a game, ` +
      `${mb((kept / COUNT) * 10_000)} per 10,000`,
  );
}
