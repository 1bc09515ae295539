import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/bot/bot';
import { defaultWorkerCount } from '../../src/defaults';
import { silentLogger } from '../../src/logger';
import { GameService } from '../../src/service/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import { createComputerPool } from '../../src/workers/computer-pool';
import { createRenderPool } from '../../src/workers/render-pool';

/** The entries of the workers the pools started (each started as an idle thread instead, to stay cheap). */
const started = vi.hoisted((): string[] => []);

vi.mock('node:worker_threads', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:worker_threads')>();
  class CountedWorker extends original.Worker {
    constructor(entry: string | URL, options?: import('node:worker_threads').WorkerOptions) {
      started.push(String(entry));
      super('', { ...options, eval: true, workerData: undefined });
    }
  }
  return { ...original, Worker: CountedWorker, default: { ...original, Worker: CountedWorker } };
});

const count = (kind: 'render' | 'computer') =>
  started.filter((entry) => entry.includes(`${kind}-pool-worker`)).length;

describe('the workers a process starts (RENDER_WORKERS, COMPUTER_WORKERS)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hare-worker-counts-'));
  const store = openSqliteStorage(join(dir, 'hare.db'));
  const service = new GameService({
    store,
    config: { aiTurnDelayMs: 100, humanTurnTimeoutMs: 600_000, idlePolicy: 'computer' },
    onError: (error) => {
      throw error;
    },
  });
  const tools = { runTool: () => Promise.reject(new Error('no tools here')) };
  beforeEach(() => {
    started.length = 0;
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each pool starts as many workers as it is given', async () => {
    const renderer = createRenderPool({ workers: 3 });
    const computers = createComputerPool({ workers: 2 });
    expect([count('render'), count('computer')]).toEqual([3, 2]);
    await Promise.all([renderer.close(), computers.close()]);
  });

  it("the bot's render pool starts the workers it is told, and one per core but one (at most 4) by default", async () => {
    const renderWorkers = defaultWorkerCount() + 1;
    const told = createBot({ service, logger: silentLogger, commands: [], tools, renderWorkers });
    expect(count('render')).toBe(renderWorkers);
    await told.destroy(0);
    started.length = 0;
    const byDefault = createBot({ service, logger: silentLogger, commands: [], tools });
    expect(count('render')).toBe(defaultWorkerCount());
    await byDefault.destroy(0);
    expect(count('computer')).toBe(0);
  });
});
