/** A two-seat game (a person and a computer) opened and started through the Storage interface, for store tests. */
import type { Storage } from '../../src/store/storage';
import type { GameOptions, SeatRecord } from '../../src/store/types';

export const OPTIONS: GameOptions = {
  seats: 2,
  computerLevel: 'novice',
  speed: 'normal',
  aiDelayMs: 10,
  humanTimeoutMs: 100,
  idlePolicy: 'computer',
  turnLimit: null,
  hostSeated: true,
  game: { rules: 'standard' },
  language: 'en',
};

export const ONE: SeatRecord = {
  index: 0,
  kind: 'human',
  userId: 'u1',
  level: null,
  name: 'One',
  left: false,
  clientSeed: null,
};

const COMPUTER: SeatRecord = {
  ...ONE,
  index: 1,
  kind: 'computer',
  userId: null,
  level: 'novice',
  name: 'Computer',
};

/** Opens a lobby of `gameKey` held by u1 at time 1000. */
export function openLobby(storage: Storage, id: string, channelId = `channel-${id}`, gameKey = 'hare') {
  return storage.games.createLobby({
    id,
    guildId: 'g',
    channelId,
    hostId: 'u1',
    gameKey,
    stateFormat: 1,
    options: OPTIONS,
    seed: `seed-${id}`,
    seats: [ONE],
    now: 1000,
  });
}

/** A started two-seat game at version 1, due at 2000. */
export async function startedGame(storage: Storage, id: string, gameKey = 'hare'): Promise<void> {
  await openLobby(storage, id, `channel-${id}`, gameKey);
  await storage.games.startGame({
    gameId: id,
    expected: { hostId: 'u1', seats: [ONE] },
    seats: [ONE, COMPUTER],
    state: { turn: 0 },
    nextDueAt: 2000,
    now: 1500,
  });
}
