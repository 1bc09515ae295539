/**
 * The operator's check of a database through the storage interface, on either engine: replays every game's
 * action log from its seed against its stored state (as verify.ts does for a SQLite file). Used by
 * `npm run db:verify` and `npm run db:copy` (on the copy).
 */
import type { GameRegistry } from '../games/registry';
import type { Storage } from '../store/storage';
import { checkReplay } from './replay';
import type { VerifyReport } from './verify';

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
    if (!game) return `FAIL ${id}: the game cannot be read`;
    const module = games.get(game.gameKey);
    if (!module) return `FAIL ${id}: no game "${game.gameKey}" is registered`;
    if (game.logPrunedAt !== null) {
      const over = game.state !== null && module.rules.isOver(game.state);
      const what = `${id} ${game.gameKey} ${game.status}, ${game.prunedMoves ?? 0} moves removed by the retention`;
      return over ? `ok   ${what}` : `FAIL ${what}: the kept final state is not a finished game`;
    }
    const result = checkReplay(module, game, await storage.games.listActions(id));
    const what = `${id} ${game.gameKey} ${game.status} ${result.actions} actions`;
    return result.ok ? `ok   ${what}` : `FAIL ${what}: ${result.reason} at ${result.path}`;
  } catch (error) {
    return `FAIL ${id}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
