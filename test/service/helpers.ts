import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseAction } from '../../src/games/hare/computer/index';
import { seedRng, type GameState } from '../../src/games/hare/rules/index';
import { expect } from 'vitest';
import {
  FakeClock,
  GameService,
  ServiceError,
  type GameServiceOptions,
  type GameUpdate,
  type LobbyUpdate,
  type ServiceErrorCode,
} from '../../src/service/index';
import { openStore, type Store } from '../../src/store/index';

export const GUILD = 'guild-1';
export const ALICE = { id: '100', name: 'Alice' };
export const BOB = { id: '200', name: 'Bob' };
export const CAROL = { id: '300', name: 'Carol' };
export const AI_DELAY = 1500;
export const HUMAN_TIMEOUT = 600_000;

export interface Harness {
  store: Store;
  clock: FakeClock;
  service: GameService;
  updates: GameUpdate[];
  lobbyUpdates: LobbyUpdate[];
  errors: { error: unknown; context: string }[];
}

/** A started service on a fresh store (':memory:' unless a file is given) with a fake clock. */
export function makeHarness(
  options: { file?: string; clock?: FakeClock } & Partial<GameServiceOptions> = {},
): Harness {
  const store = options.store ?? openStore(options.file ?? ':memory:');
  const clock = options.clock ?? new FakeClock();
  const errors: Harness['errors'] = [];
  let seedCounter = 0;
  const service = new GameService({
    store,
    clock,
    config: options.config,
    seedSource: options.seedSource ?? (() => `seed-${++seedCounter}`),
    onError: (error, context) => errors.push({ error, context }),
    chooser: options.chooser,
    ...(options.games ? { games: options.games } : {}),
    ...(options.ownership ? { ownership: options.ownership } : {}),
  });
  const updates: GameUpdate[] = [];
  const lobbyUpdates: LobbyUpdate[] = [];
  service.on('update', (update) => updates.push(update));
  service.on('lobby', (update) => lobbyUpdates.push(update));
  service.start();
  return { store, clock, service, updates, lobbyUpdates, errors };
}

export type LobbyExtra = Partial<Parameters<GameService['openLobby']>[0]> & {
  rules?: 'standard' | 'classic';
};

/** Opens a Hare & Tortoise lobby in `channel` hosted by Alice (`rules` sets its rule set). */
export function openGame(h: Harness, channel = 'channel-1', extra: LobbyExtra = {}) {
  const { rules, ...rest } = extra;
  return h.service.openLobby({
    game: 'hare',
    guildId: GUILD,
    channelId: channel,
    host: ALICE,
    seed: `fixed-${channel}`,
    ...(rules ? { options: { rules } } : {}),
    ...rest,
  });
}

/** The Hare & Tortoise state of a running game. */
export function hareState(h: Harness, gameId: string): GameState {
  const game = h.service.getGame(gameId);
  if (!game?.state) throw new Error('no running game');
  return game.state as GameState;
}

/** The action a human test player takes: the novice choice from a stream derived from the game's version. */
export function humanChoice(h: Harness, gameId: string) {
  const game = h.service.getGame(gameId);
  if (!game?.state) throw new Error('no running game');
  return {
    action: chooseAction(game.state as GameState, 'novice', seedRng(`human:${game.version}`)),
    version: game.version,
  };
}

/** Plays a started game to its end: humans act through `act`, computers through the fake clock. */
export function playToEnd(h: Harness, gameId: string, maxSteps = 20_000): void {
  for (let step = 0; step < maxSteps; step++) {
    const status = h.service.status(gameId);
    if (status.finished) return;
    const next = status.next;
    if (next?.human && next.userId) {
      const { action, version } = humanChoice(h, gameId);
      h.service.act(gameId, next.userId, action, version);
    } else if (!h.clock.runNext()) {
      throw new Error('the game stalled: no timer armed');
    }
  }
  throw new Error(`the game did not finish in ${maxSteps} steps`);
}

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every row of a table, for "nothing changed" comparisons. */
export function snapshot(store: Store): unknown {
  const tables = ['games', 'seats', 'actions', 'player_stats'];
  return Object.fromEntries(
    tables.map((table) => [table, store.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
  );
}

/** Runs `fn`, expects a ServiceError with `code`, and checks that the database did not change. */
export function expectRefused(h: Harness, code: ServiceErrorCode, fn: () => unknown): ServiceError {
  const before = snapshot(h.store);
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ServiceError);
  const error = caught as ServiceError;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(5);
  expect(snapshot(h.store)).toEqual(before);
  return error;
}
