/**
 * The operator's check of a database through the storage interface, on either engine: replays every game's
 * action log from its seed against its stored state (as verify.ts does for a SQLite file). Used by
 * `npm run db:verify` and `npm run db:copy` (on the copy).
 */
import type { GameRegistry } from '../games/registry';
import type { Storage } from '../store/storage';
import { failedToRead, verdictOf, type VerifyReport } from './verify';

export async function verifyStorage(storage: Storage, games: GameRegistry): Promise<VerifyReport> {
  const report: VerifyReport = { lines: [], verified: 0, failed: 0, backup: storage.migrationBackup };
  for (const id of await storage.games.listGameIds()) {
    const line = await verifyGame(storage, games, id);
    report.lines.push(line);
    if (line.startsWith('ok')) report.verified += 1;
    else report.failed += 1;
  }
  return report;
}

async function verifyGame(storage: Storage, games: GameRegistry, id: string): Promise<string> {
  try {
    const game = await storage.games.getGame(id);
    const actions = game?.logPrunedAt === null ? await storage.games.listActions(id) : [];
    return verdictOf(games, id, game, actions);
  } catch (error) {
    return failedToRead(id, error);
  }
}
