/**
 * The operator's port through the real bot and the fake Discord: /healthz is green while the bot plays and red
 * (503, with the reason) when the database takes no writes or the gateway is down; /metrics is Prometheus text
 * whose figures move with a played game.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { databaseCheck, diskCheck, gatewayCheck } from '../../src/ops/health';
import { BotMetrics } from '../../src/ops/metrics';
import { startOpsServer, type OpsServer } from '../../src/ops/ops-server';
import { eventually } from '../support/eventually';
import { tinyModule } from '../support/tiny-game';
import { STORAGE_UNAVAILABLE } from '../../src/bot/respond';
import type { TinyState } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  createHarness,
  playTinyByButtons,
  startGame,
  waitForBoardOrEnd,
  waitForSummary,
  type Harness,
} from '../bot/harness';

/** Prometheus' text format: comments, or `name{label="value",…} number`. */
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf)$/i;

function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    expect(line).toMatch(SAMPLE);
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

describe('health and metrics', () => {
  let h: Harness;
  let server: OpsServer;
  beforeEach(async () => {
    const metrics = new BotMetrics({
      openGames: () => h.store.maintenance.openGames(),
      outboxDepth: () => h.store.maintenance.outboxDepth(),
      workerQueues: () => ({ computer: h.computers.waiting() }),
    });
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20, metrics });
    server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      metrics,
      checks: [
        gatewayCheck(() => h.bot.connected()),
        databaseCheck(() => h.store.maintenance.checkWritable()),
        diskCheck(h.dbFile, 1),
      ],
    });
  });
  afterEach(async () => {
    await server.close();
    await h.close();
  });

  const health = async () => {
    const response = await fetch(`${server.url}/healthz`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; checks: unknown[] },
    };
  };
  const metricsNow = async () => parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());

  it('the metrics parse as Prometheus text and move with a played game', async () => {
    const before = await metricsNow();
    expect(before.get('hare_interactions_total{kind="component",outcome="ok"}') ?? 0).toBe(0);
    expect(before.get('hare_outbox_depth')).toBe(0);
    expect(before.has('hare_process_resident_memory_bytes')).toBe(true);
    expect(before.has('hare_nodejs_eventloop_lag_p99_seconds')).toBe(true);

    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { target: 3 }, 'tiny');
    const during = await metricsNow();
    expect(during.get('hare_games_open{game="tiny",status="active"}')).toBe(1);
    await playTinyByButtons(h, gameId, [alice, bob]);
    await waitForSummary(h, gameId);
    const after = await eventually(async () => {
      const now = await metricsNow();
      return (now.get('hare_move_to_board_seconds_count') ?? 0) > 0 ? now : undefined;
    }, 'a board in front of a mover');
    expect(after.get('hare_interactions_total{kind="command",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('hare_interactions_total{kind="component",outcome="ok"}')).toBeGreaterThanOrEqual(3);
    expect(after.get('hare_interaction_response_seconds_count{kind="component"}')).toBeGreaterThanOrEqual(3);
    expect(after.get('hare_games_open{game="tiny",status="active"}') ?? 0).toBe(0);
    expect(after.get('hare_worker_queue_length{pool="computer"}')).toBe(0);

    // A refusal is counted as one: the status of a game that is over.
    const refused = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'tiny', subcommand: 'status' }),
    );
    expect(refused.ephemeral).toBe(true);
    // The bot counts an interaction once its handler has returned, which is after Discord has its answer.
    const last = await eventually(async () => {
      const now = await metricsNow();
      return now.has('hare_interactions_total{kind="command",outcome="refused"}') ? now : undefined;
    }, 'the refusal counted');
    expect(last.get('hare_interactions_total{kind="command",outcome="refused"}')).toBe(1);
  });

  it('health is green while the bot plays, red when the database takes no writes or the gateway is down', async () => {
    const green = await health();
    // The red checks first, so that a failure says which and why.
    expect(green.body.checks.filter((check) => !(check as { ok: boolean }).ok)).toEqual([]);
    expect(green).toMatchObject({ status: 200, body: { status: 'ok' } });

    h.sqlite.db.pragma('query_only = ON');
    const unwritable = await health();
    expect(unwritable.status).toBe(503);
    expect(unwritable.body.checks).toContainEqual({
      name: 'database',
      ok: false,
      reason: expect.stringMatching(/database not writable: .*readonly/),
    });
    h.sqlite.db.pragma('query_only = OFF');
    expect((await health()).status).toBe(200);

    await h.fake.stop();
    const down = await eventually(async () => {
      const answer = await health();
      return answer.status === 503 ? answer : undefined;
    }, 'the gateway check to fail');
    expect(down.body.checks).toContainEqual({
      name: 'gateway',
      ok: false,
      reason: 'not connected to the Discord gateway',
    });
  });

  it('storage that takes no writes answers the mover with a specific message, turns health red, leaves the game whole', async () => {
    const { alice, bob } = h.users;
    const users = new Map([alice, bob].map((user) => [user.id, user]));
    const { gameId } = await startGame(h, [alice, bob], { target: 9 }, 'tiny');
    // The storage stops taking writes (as a full disk does): every write fails, reads go on.
    h.sqlite.db.pragma('query_only = ON');
    let refusal: string | undefined;
    for (let click = 0; click < 40 && refusal === undefined; click++) {
      const game = await waitForBoardOrEnd(h, gameId);
      expect(game.status).toBe('active');
      const seat = game.seats[(game.state as TinyState).current]!;
      const board = boardShowing(h, game)!;
      const moves = allComponents(board).filter((control) => control.custom_id?.includes(':act:'));
      const answer = await h.fake.waitForResponse(
        h.fake.clickButton({
          user: users.get(seat.userId!)!,
          messageId: board.id,
          customId: moves.at(-1)!.custom_id!,
        }),
      );
      if (answer.ephemeral) {
        refusal = answer.message?.content;
        expect((await h.service.getGame(gameId))!.version).toBe(game.version);
      }
    }
    expect(refusal).toBe(STORAGE_UNAVAILABLE);
    const red = await health();
    expect(red.status).toBe(503);
    expect(red.body.checks).toContainEqual({
      name: 'database',
      ok: false,
      reason: expect.stringMatching(/database not writable: attempt to write a readonly database/),
    });
    // Nothing half-written: the game's log still replays to its stored state; writes work again when space does.
    expect((await h.service.replayCheck(gameId)).ok).toBe(true);
    h.sqlite.db.pragma('query_only = OFF');
    const after = await health();
    expect(after.body.checks).toContainEqual({
      name: 'database',
      ok: false,
      reason: expect.stringMatching(
        /a write failed for want of storage: attempt to write a readonly database/,
      ),
    });
  });
});
