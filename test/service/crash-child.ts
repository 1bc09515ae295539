/**
 * Child process of the crash test: runs computer-driven games on a database file until it is killed.
 * Usage: node --import tsx test/service/crash-child.ts <database file> <games to keep running>
 * Prints "ready" once the service has started.
 */
import { GameService, realClock } from '../../src/service/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';

const [file, wanted] = process.argv.slice(2);
if (!file || !wanted) throw new Error('usage: crash-child.ts <database file> <games>');
const target = Number(wanted);

const storage = openSqliteStorage(file);
const service = new GameService({
  store: storage,
  clock: realClock,
  config: { aiTurnDelayMs: 1, humanTurnTimeoutMs: 3 },
  onError: (error, context) => {
    console.error(context, error);
    process.exit(2);
  },
});

let opened = 0;
async function openAndStart(): Promise<void> {
  const tag = `${process.pid}-${opened++}`;
  const host = { id: `user-${tag}`, name: `Player ${tag}` };
  const lobby = await service.openLobby({
    game: 'hare',
    guildId: 'crash-guild',
    channelId: `channel-${tag}`,
    host,
    seats: 4,
    turnLimit: 12,
    computerLevel: 'novice',
  });
  await service.startGame(lobby.id, host.id);
  // Half the hosts leave at once: their seat goes on as a computer (and counts as a left game).
  if (opened % 2 === 0) await service.leaveGame(lobby.id, host.id);
}

service.on('update', (update) => {
  if (update.finished)
    openAndStart().catch((error: unknown) => {
      console.error('opening a game', error);
      process.exit(2);
    });
});

// Lobbies left behind by a kill between opening and starting are started now.
for (const { id } of await storage.games.listLobbies()) {
  const lobby = await storage.games.getGame(id);
  if (lobby) await service.startGame(id, lobby.hostId);
}

await service.start();
const running = (await storage.games.listActiveGames()).length;
for (let i = running; i < target; i++) await openAndStart();
console.log('ready');
