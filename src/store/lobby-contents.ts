/**
 * A lobby's version check. A lobby's `version` stays 0 until the start (the replay counts versions from the
 * start), so a lobby change is checked against what it was computed from instead: the lobby's host and seats as
 * the caller read them. Two joins for the last seat both read the same seats; the first writes, the second finds
 * the seats changed and is refused.
 */
import { GameMovedOnError, type LobbyContents } from './storage';
import type { SeatRecord } from './types';

function sameSeat(a: SeatRecord, b: SeatRecord): boolean {
  return (
    a.index === b.index &&
    a.kind === b.kind &&
    a.userId === b.userId &&
    a.level === b.level &&
    a.name === b.name &&
    a.left === b.left &&
    (a.clientSeed ?? null) === (b.clientSeed ?? null)
  );
}

export function isSameLobby(expected: LobbyContents, hostId: string, seats: readonly SeatRecord[]): boolean {
  return (
    expected.hostId === hostId &&
    expected.seats.length === seats.length &&
    expected.seats.every((seat, index) => sameSeat(seat, seats[index] as SeatRecord))
  );
}

/**
 * Throws GameMovedOnError unless the game as read (its status and host, then its seats) still is the lobby
 * `expected`; each engine reads them inside the transaction that writes the change.
 */
export function requireSameLobby(
  gameId: string,
  expected: LobbyContents,
  game: { status: string; host_id: string } | undefined,
  seats: readonly SeatRecord[],
): void {
  if (!game || game.status !== 'lobby') throw new GameMovedOnError(gameId, 'it is no longer a lobby');
  if (!isSameLobby(expected, game.host_id, seats))
    throw new GameMovedOnError(gameId, 'the lobby changed since it was read');
}
