/**
 * The operator's check of a database: open it (migrating it, after a backup copy beside it), then replay every
 * game's action log from its seed against its stored state. Used by `npm run db:verify -- PATH`.
 */
import type { GameRegistry } from '../games/registry';
import { migrationBackupOf } from '../store/backup';
import { openStore, type ActionLogRow, type GameRecord } from '../store/index';
import { checkReplay } from './replay';

export interface VerifyReport {
  /** One line per game: "ok   <id> <game> <status> <n> actions", or "FAIL <id> …: <reason>". */
  lines: string[];
  verified: number;
  failed: number;
  /** Where the copy taken before migrating is, or null when the schema was already current. */
  backup: string | null;
}

export function verifyDatabase(file: string, games: GameRegistry): VerifyReport {
  const store = openStore(file);
  try {
    const report: VerifyReport = { lines: [], verified: 0, failed: 0, backup: migrationBackupOf(store.db) };
    const ids = store.db.prepare<[], { id: string }>('SELECT id FROM games ORDER BY created_at, id').all();
    for (const { id } of ids) {
      const line = verifyGame(store, games, id);
      report.lines.push(line);
      if (line.startsWith('ok')) report.verified += 1;
      else report.failed += 1;
    }
    return report;
  } finally {
    store.close();
  }
}

function verifyGame(store: ReturnType<typeof openStore>, games: GameRegistry, id: string): string {
  try {
    const game = store.games.getGame(id);
    return verdictOf(games, id, game, game?.logPrunedAt === null ? store.games.listActions(id) : []);
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
