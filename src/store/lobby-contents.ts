/**
 * A lobby's version check. A lobby's `version` stays 0 until the start (the replay counts versions from the
 * start), so a lobby change is checked against what it was computed from instead: the lobby's host and seats as
 * the caller read them. Two joins for the last seat both read the same seats; the first writes, the second finds
 * the seats changed and is refused.
 */
import type { LobbyContents } from './storage';
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
