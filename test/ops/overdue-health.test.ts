/**
 * Games that do not move show on the operator's port: /healthz is red while running games are more than 60 s
 * overdue (their writes fail: here with SQLite's own error of a full disk) and /metrics counts them
 * (hare_games_overdue); both clear once the games move again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { overdueCheck } from '../../src/ops/health';
import { BotMetrics } from '../../src/ops/metrics';
import { startOpsServer, type OpsServer } from '../../src/ops/ops-server';
import { FakeClock, GameService } from '../../src/service/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import { diskFullUnder, startComputerGames } from '../support/storage-outage';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('overdue games on /healthz and /metrics', () => {
  it('are counted while their writes fail and cleared once the games move', async () => {
    const { storage, outage } = diskFullUnder(openSqliteStorage(':memory:'));
    const clock = new FakeClock();
    const service = new GameService({ store: storage, clock, onError: () => {} });
    await service.start();
    const metrics = new BotMetrics({
      openGames: () => storage.maintenance.openGames(),
      outboxDepth: () => storage.maintenance.outboxDepth(),
      workerQueues: () => ({}),
      overdueGames: (olderThanMs) => service.overdueGames(olderThanMs),
    });
    const server: OpsServer = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      metrics,
      checks: [overdueCheck((olderThanMs) => service.overdueGames(olderThanMs))],
    });
    close = async () => {
      service.stop();
      await server.close();
      await storage.close();
    };
    const read = async () => {
      const health = await fetch(`${server.url}/healthz`);
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const gauge = /^hare_games_overdue\{kind="turn"\} (\d+)$/m.exec(text)?.[1];
      return { status: health.status, body: await health.text(), overdue: Number(gauge) };
    };

    const ids = await startComputerGames(service, 'guild-1');
    await clock.advance(3000);
    expect(await read()).toMatchObject({ status: 200, overdue: 0 });

    await outage.begin();
    await clock.advance(30_000);
    expect(await read()).toMatchObject({ status: 200, overdue: ids.length });
    await clock.advance(40_000);
    const red = await read();
    expect(red).toMatchObject({ status: 503, overdue: ids.length });
    expect(red.body).toMatch(/4 games and 0 lobbies more than 60 s overdue/);

    await outage.end();
    await clock.advance(30_000);
    expect(await read()).toMatchObject({ status: 200, overdue: 0 });
  });
});
