import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { nextInt, seedRng } from '../../src/games/hare/rules/index';
import { checkReplay } from '../../src/service/index';
import { openSqliteStore } from '../../src/store/index';
import { bundleChild, type ChildBundle } from '../support/child-bundle';
import { tempDir } from './helpers';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const PROJECT = path.resolve(path.dirname(CHILD), '../..');
const KILLS = 25;
const GAMES_PER_RUN = 6;

interface ChildRun {
  readyBeforeKill: boolean;
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

interface KillPlan {
  /** Count the delay from the child's "ready" line (else from the spawn: a kill during start-up). */
  afterReady: boolean;
  delayMs: number;
}

/** Starts the child (crash-child.ts bundled), kills it with SIGKILL as planned, and reports how it ended. */
function runAndKill(bundle: string, file: string, plan: KillPlan): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, file, String(GAMES_PER_RUN)], {
      cwd: PROJECT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ready = false;
    let stderr = '';
    let timer = plan.afterReady ? undefined : setTimeout(() => child.kill('SIGKILL'), plan.delayMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (ready || !chunk.toString().includes('ready')) return;
      ready = true;
      if (plan.afterReady) timer = setTimeout(() => child.kill('SIGKILL'), plan.delayMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ readyBeforeKill: ready, signal, code, stderr });
    });
  });
}

/** Everything that must hold in the database after any crash. */
function checkDatabase(file: string) {
  // The synchronous store on purpose: the checks are SQL across the tables a killed process left (statistics
  // against games and seats), which the Storage interface does not read.
  const store = openSqliteStore(file);
  try {
    const ids = store.db.prepare<[], { id: string }>('SELECT id FROM games').all();
    for (const { id } of ids) {
      const game = store.games.getGame(id);
      if (!game) throw new Error(`game ${id} vanished`);
      const result = checkReplay(GAMES.require(game.gameKey), game, store.games.listActions(id));
      expect(result, `game ${id}`).toMatchObject({ ok: true });
    }
    const count = (sql: string) => store.db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
    const completed = count(
      "SELECT COUNT(*) AS n FROM games WHERE status = 'finished' AND end_reason = 'completed'",
    );
    expect(count('SELECT COUNT(*) AS n FROM games WHERE stats_recorded = 1')).toBe(completed);
    expect(count('SELECT COALESCE(SUM(games), 0) AS n FROM player_stats')).toBe(completed);
    const completedWithLeaver = count(`SELECT COUNT(*) AS n FROM games g JOIN seats s ON s.game_id = g.id
      WHERE g.status = 'finished' AND g.end_reason = 'completed' AND s.left_game = 1`);
    expect(count('SELECT COALESCE(SUM(games_left), 0) AS n FROM player_stats')).toBe(completedWithLeaver);
    return { games: ids.length, actions: count('SELECT COUNT(*) AS n FROM actions'), completed };
  } finally {
    store.close();
  }
}

describe('crash safety', () => {
  const { dir, cleanup } = tempDir('hare-crash-');
  afterAll(cleanup);
  // Bundled once: 25 starts under tsx cost more than the runs between the kills.
  let child: ChildBundle;
  beforeAll(async () => {
    child = await bundleChild(path.relative(PROJECT, CHILD));
  });
  afterAll(() => child?.cleanup());

  it(`survives ${KILLS} SIGKILLs at random moments: logs replay to the stored states, no gaps, stats once`, async () => {
    const file = path.join(dir, 'hare.db');
    const rng = seedRng('crash-test');
    const progress: number[] = [];
    let killedWhileRunning = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const duringStartUp = kill % 5 === 4;
      const run = await runAndKill(child.file, file, {
        afterReady: !duringStartUp,
        delayMs: nextInt(rng, 400),
      });
      expect(run.stderr).toBe('');
      expect(run.signal).toBe('SIGKILL');
      if (run.readyBeforeKill) killedWhileRunning++;
      const summary = checkDatabase(file);
      progress.push(summary.actions);
    }
    expect(killedWhileRunning).toBeGreaterThanOrEqual(Math.floor((KILLS * 4) / 5));
    expect(progress.at(-1)).toBeGreaterThan(progress[0] ?? 0);
    const final = checkDatabase(file);
    expect(final.completed).toBeGreaterThan(0);
  }, 120_000);
});
