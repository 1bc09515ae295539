/** A SQLite connection as a SqlRunner (src/store/sql/runner.ts): each statement prepared once, on first use. */
import type Database from 'better-sqlite3';
import type { SqlRunner } from '../sql/runner';

export function sqliteRunner(db: Database.Database): SqlRunner {
  const prepared = new Map<string, Database.Statement<unknown[]>>();
  const statement = (text: string) => {
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare<unknown[]>(text);
      prepared.set(text, found);
    }
    return found;
  };
  return {
    rows: async <T>(text: string, params: readonly unknown[] = []) => statement(text).all(...params) as T[],
    run: async (text: string, params: readonly unknown[] = []) => statement(text).run(...params).changes,
  };
}
