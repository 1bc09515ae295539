/**
 * The operator's check of a database: open it (migrating it, after a backup copy beside it), then replay every
 * game's action log from its seed against its stored state, on either engine. Used by `npm run db:verify`,
 * `npm run db:copy` (on the copy) and the backups.
 */
import type { GameRegistry } from '../games/registry';
import type { ActionLogRow, GameRecord } from '../store/index';
import { openStorageAt } from '../store/open-storage';
import type { Storage } from '../store/storage';
import { checkReplay } from './replay';

export interface VerifyReport {
  /** One line per game: "ok   <id> <game> <status> <n> actions", or "FAIL <id> …: <reason>". */
  lines: string[];
  verified: number;
  failed: number;
  /** Where the copy taken before migrating is, or null when the schema was already current. */
  backup: string | null;
}

/** Opens the database at `location` (a SQLite path or a postgres:// URL, migrating it) and checks every game. */
export async function verifyDatabase(location: string, games: GameRegistry): Promise<VerifyReport> {
  const storage = await openStorageAt(location);
  try {
    return await verifyStorage(storage, games);
  } finally {
    await storage.close();
  }
}

/** Replays every game's action log from its seed against its stored state, on either engine. */
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

/**
 * One game's line of the report, from its record and its action log (which a game pruned by the retention no
 * longer has: its kept final state must then be a finished game).
 */
export function verdictOf(
  games: GameRegistry,
  id: string,
  game: GameRecord | null,
  actions: readonly ActionLogRow[],
): string {
  if (!game) return `FAIL ${id}: the game cannot be read`;
  const module = games.get(game.gameKey);
  if (!module) return `FAIL ${id}: no game "${game.gameKey}" is registered`;
  if (game.logPrunedAt !== null) {
    const over = game.state !== null && module.rules.isOver(game.state);
    const what = `${id} ${game.gameKey} ${game.status}, ${game.prunedMoves ?? 0} moves removed by the retention`;
    return over ? `ok   ${what}` : `FAIL ${what}: the kept final state is not a finished game`;
  }
  try {
    const result = checkReplay(module, game, actions);
    const what = `${id} ${game.gameKey} ${game.status} ${result.actions} actions`;
    return result.ok ? `ok   ${what}` : `FAIL ${what}: ${result.reason} at ${result.path}`;
  } catch (error) {
    return failedToRead(id, error);
  }
}

export function failedToRead(id: string, error: unknown): string {
  return `FAIL ${id}: ${error instanceof Error ? error.message : String(error)}`;
}
