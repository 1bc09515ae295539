/** The seats of a lobby: a person's, a computer's (named by its level), a program's, and a player taking one. */
import type { AnyGameModule } from '../games/contract';
import type { Language } from '../i18n/index';
import type { GameRecord, SeatRecord } from '../store/index';
import { refuse } from './context';
import { refusal } from './errors';
import { programTokenOf } from './program-levels';
import type { ProgramSeats } from './program-seats';
import type { UserRef } from './types';
import { computerSeatName } from './views';

export function requireFreeSeat(game: GameRecord): void {
  if (game.seats.length >= game.options.seats) {
    throw refusal('lobby_full', 'refusal.seatsTaken', { seats: game.options.seats });
  }
}

/** The lobby's seats with `user` seated: in a free seat, else in place of the computer seated last. */
export function seatsWithPlayer(game: GameRecord, user: UserRef, clientSeed: string): SeatRecord[] {
  if (game.seats.length < game.options.seats)
    return [...game.seats, humanSeat(game.seats.length, user, clientSeed)];
  const computer = game.seats.findLast((seat) => seat.kind === 'computer');
  if (!computer) {
    throw refusal('lobby_full', 'refusal.lobbyFull', { seats: game.options.seats });
  }
  return game.seats.map((seat) => (seat === computer ? humanSeat(seat.index, user, clientSeed) : seat));
}

export function humanSeat(index: number, user: UserRef, clientSeed: string): SeatRecord {
  return { index, kind: 'human', userId: user.id, level: null, name: user.name, left: false, clientSeed };
}

export function namedComputerSeat(index: number, level: string, name: string): SeatRecord {
  return { index, kind: 'computer', userId: null, level, name, left: false, clientSeed: null };
}

/**
 * A computer seat, named by its level and its number among the computers ("Steady 1"), or "Computer 1" when
 * the game has a single level (the level would tell nothing).
 */
export function computerSeat(
  module: AnyGameModule,
  seats: readonly SeatRecord[],
  index: number,
  level: string,
  language: Language,
): SeatRecord {
  const number = seats.filter((seat) => seat.userId === null).length + 1;
  const name = computerSeatName(module, level, number, language);
  return { index, kind: 'computer', userId: null, level, name, left: false, clientSeed: null };
}

/** The seat of a connected outside program, for a `program:<token id>` level (null for a built-in level). */
export function programSeat(game: GameRecord, level: string, programs: ProgramSeats): SeatRecord | null {
  const tokenId = programTokenOf(level);
  if (tokenId === null) return null;
  const program = programs.connected(game.guildId).find((entry) => entry.tokenId === tokenId);
  if (!program) throw refuse.invalid('refusal.programGone');
  const index = game.seats.length;
  return {
    index,
    kind: 'computer',
    userId: null,
    level,
    name: program.name,
    left: false,
    clientSeed: null,
  };
}
