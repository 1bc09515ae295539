/**
 * The one gate for secrets (src/service/gate.ts, observed.ts): each game is played through the service as the
 * bot sees it, and nothing the gate hands out while the game runs (updates, lobby changes, records, the current
 * update, the log) holds a secret of the stored state: the random stream, a deck's order, another seat's
 * carrots, the game's seed or the committed server seed. Every state handed out is exactly the public view, and
 * a seat's view is exactly GameRules.observe for that seat. Once the game is over its state and server seed are
 * public, as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES, type AnyGameModule } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import {
  eventsSeenBy,
  seatView,
  ServiceGate,
  type GameUpdate,
  type PublicView,
} from '../../src/service/index';
import type { GameRecord } from '../../src/store/index';
import { ALICE, GUILD, makeHarness, type Harness } from './helpers';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** Moves played before the game is stopped with /end (enough to deal, draw and roll a good while). */
const STEPS = 120;

/** Every leaf and subtree of `value` with its path. */
function entries(value: unknown, path = ''): [string, unknown][] {
  const here: [string, unknown][] = [[path, value]];
  if (typeof value !== 'object' || value === null) return here;
  return here.concat(Object.entries(value).flatMap(([key, child]) => entries(child, `${path}/${key}`)));
}

/**
 * What the stored state holds that its public view does not: the JSON of every part that differs (at least a
 * few characters, and not shown elsewhere in the view), e.g. the generator's state or the draw pile's order.
 */
function secretFragments(raw: unknown, seen: unknown): string[] {
  const shown = JSON.stringify(seen);
  const inView = new Map(entries(seen));
  return entries(raw)
    .filter(([path, value]) => JSON.stringify(inView.get(path)) !== JSON.stringify(value))
    .map(([, value]) => JSON.stringify(value))
    .filter((json) => json !== undefined && json.length >= 12 && !shown.includes(json));
}

interface Step {
  raw: GameRecord;
  events: unknown[];
}

async function playThroughTheGate(module: AnyGameModule) {
  h = await makeHarness();
  const harness = h;
  const gate = new ServiceGate(harness.service);
  /** What the bot was handed while the game ran, and the stored game of each version. */
  const handed: { what: string; value: unknown; version: number }[] = [];
  const stored = new Map<number, Step>();
  harness.service.on('update', (update: GameUpdate) =>
    stored.set(update.game.version, { raw: update.game, events: update.events }),
  );
  gate.on('update', (update) => handed.push({ what: 'update', value: update, version: update.game.version }));
  gate.on('lobby', (update) => handed.push({ what: 'lobby', value: update, version: update.game.version }));

  const level = module.computer.levels[0]!;
  const lobby = await gate.openLobby({
    game: module.key,
    guildId: GUILD,
    channelId: `secrets-${module.key}`,
    host: ALICE,
    seats: Math.max(2, module.seats.min),
    computerLevel: level,
  });
  handed.push({ what: 'lobby record', value: lobby, version: lobby.version });
  for (let seat = 1; seat < Math.max(2, module.seats.min); seat++)
    handed.push({ what: 'lobby record', value: await gate.addComputer(lobby.id, ALICE.id), version: 0 });
  const started = await gate.startGame(lobby.id, ALICE.id);
  handed.push({ what: 'start', value: started, version: started.game.version });

  const rng = seedRng(`secrets:${module.key}`);
  for (let step = 0; step < STEPS; step++) {
    const game = await gate.getGame(lobby.id);
    if (!game || game.status !== 'active' || game.state === null) break;
    handed.push({ what: 'record', value: game, version: game.version });
    const current = await gate.currentUpdate(lobby.id);
    handed.push({ what: 'current update', value: current, version: game.version });
    const found = await gate.findActiveGameInChannel(game.channelId);
    handed.push({ what: 'channel game', value: found, version: found?.version ?? -1 });
    handed.push({ what: 'log', value: await gate.history(lobby.id, 5), version: game.version });
    const next = module.rules.currentSeat(game.state);
    const human = next === null ? undefined : game.seats[next];
    if (next !== null && human?.userId === ALICE.id) {
      // Alice plays from her own view, as a player does.
      const action = module.computer.choose(seatView(game.state, next), level, rng);
      const update = await gate.act(lobby.id, ALICE.id, action, game.version);
      handed.push({ what: 'act', value: update, version: update.game.version });
    } else if (!(await harness.clock.runNext())) {
      break;
    }
  }
  const running = await gate.getGame(lobby.id);
  if (running?.status === 'active') await gate.endGame(lobby.id, ALICE.id);
  return { gate, handed, stored, gameId: lobby.id, harness };
}

describe.each(GAMES.all.map((module) => [module.key, module] as const))(
  '%s through the gate',
  (_key, module) => {
    it('hands the bot nothing of a running game but its public view and, asked for, a seat’s own view', async () => {
      const { gate, handed, stored, gameId, harness } = await playThroughTheGate(module);
      const raw = (await harness.service.getGame(gameId))!;
      const seed = raw.seed;
      const serverSeed = raw.fairness?.serverSeed;
      expect(serverSeed).toBeTruthy();
      let views = 0;
      let fragments = 0;
      for (const { what, value, version } of handed) {
        const step = stored.get(version);
        const over = step ? step.raw.status !== 'active' || module.rules.isOver(step.raw.state) : false;
        if (over) continue;
        const json = JSON.stringify(value);
        expect(json, `${what} v${version}: the game's seed`).not.toContain(seed);
        expect(json, `${what} v${version}: the server seed`).not.toContain(serverSeed);
        if (!step) continue;
        const state = step.raw.state;
        const publicView = module.rules.observe(state, null);
        for (const fragment of secretFragments(state, publicView)) {
          fragments++;
          expect(json, `${what} v${version}: ${fragment}`).not.toContain(fragment);
        }
        const views_ = [value, (value as { game?: unknown } | null)?.game].flatMap((holder) =>
          holder && typeof holder === 'object' && 'state' in holder && holder.state ? [holder.state] : [],
        ) as PublicView[];
        for (const view of views_) {
          views++;
          expect(view, `${what} v${version}`).toEqual(publicView);
          for (let seat = 0; seat < step.raw.seats.length; seat++)
            expect(seatView(view, seat), `${what} v${version} seat ${seat}`).toEqual(
              module.rules.observe(state, seat),
            );
        }
        if (what === 'update' || what === 'act' || what === 'start') {
          const events = (value as { events: unknown[] }).events;
          expect(events).toEqual([...eventsSeenBy(module, step.raw, state, step.events, null)]);
        }
      }
      expect(views).toBeGreaterThan(10);
      // Every game keeps a secret while it runs (at least its random stream).
      expect(fragments).toBeGreaterThan(0);

      // Over, the game is public as before: the whole state, the server seed for the check.
      const finished = (await gate.getGame(gameId))!;
      expect(finished.state).toEqual(raw.state);
      expect(finished.fairness?.serverSeed).toBe(serverSeed);
      expect('seed' in finished).toBe(false);
      const summary = await gate.finishedGame(gameId);
      expect(summary.game.state).toEqual((await harness.service.finishedGame(gameId)).game.state);
      const frame = await gate.replayFrame(gameId, 1);
      expect(frame.state).toEqual((await harness.service.replayFrame(gameId, 1)).state);
    });
  },
);

describe('a view the service did not hand out', () => {
  it('gives no seat’s view: the raw state never stands in for one', () => {
    const module = GAMES.require('greed');
    const state = module.rules.create({ seats: 2, seed: 'not handed out', options: {} });
    expect(() => seatView(state as PublicView, 0)).toThrow(/not a view the service handed out/);
  });
});
