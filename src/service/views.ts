/** Pure views of a stored game: next seat, placings, log lines, actors and the players' outcomes. */
import type { AiLevel } from '../games/hare/computer/index';
import { describeEvent, raceRank, type GameEvent, type GameState } from '../games/hare/rules/index';
import {
  COMPUTER_ACTOR,
  TIMEOUT_ACTOR,
  type ActorTag,
  type GameRecord,
  type LoggedAction,
  type PlayerOutcome,
  type SeatRecord,
} from '../store/index';
import type { Actor, NextSeat, Placing } from './types';

export function seatName(game: GameRecord, seat: number): string {
  return game.seats[seat]?.name ?? `Seat ${seat + 1}`;
}

/** The seat to act, or null when the game is not running. */
export function nextSeat(game: GameRecord, state: GameState): NextSeat | null {
  if (game.status !== 'active' || state.over) return null;
  const seat = game.seats[state.current];
  if (!seat) return null;
  const human = seat.kind === 'human';
  return {
    seat: state.current,
    kind: seat.kind,
    human,
    userId: human ? seat.userId : null,
    name: seat.name,
    dueAt: game.nextDueAt,
  };
}

/** Places sorted from first: the engine's places, or current race positions for a race stopped early. */
export function placings(game: GameRecord, state: GameState): Placing[] {
  return game.seats
    .map((seat) => ({
      seat: seat.index,
      place: state.seats[seat.index]?.place ?? raceRank(state, seat.index),
      name: seat.name,
      kind: seat.kind,
      userId: seat.userId,
    }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

/** Public log lines: seat names, and carrot counts hidden under the standard rules (they are secret there). */
export function describeEvents(
  game: GameRecord,
  events: readonly GameEvent[],
  revealCarrots = false,
): string[] {
  const hidden = game.rules === 'standard' && !revealCarrots;
  const options = { name: (seat: number) => seatName(game, seat), hideCarrots: () => hidden };
  return events.map((event) => describeEvent(event, options));
}

/** A line that explains a step the engine events do not: an idle turn played by the service. */
export function timeoutLine(game: GameRecord, seat: number, action: LoggedAction): string {
  const name = seatName(game, seat);
  return action.type === 'forfeit'
    ? `${name} ran out of time and loses the turn`
    : `${name} ran out of time; a computer plays this turn`;
}

export function actorFromTag(
  tag: ActorTag,
  seat: SeatRecord | undefined,
  game: GameRecord,
  action: LoggedAction,
): Actor {
  if (tag === COMPUTER_ACTOR) return { kind: 'computer', level: seat?.level ?? game.options.computerLevel };
  if (tag === TIMEOUT_ACTOR) {
    return {
      kind: 'timeout',
      userId: seat?.userId ?? null,
      policy: action.type === 'forfeit' ? 'skip' : 'computer',
    };
  }
  return { kind: 'user', userId: tag };
}

export function actorTag(actor: Actor): ActorTag {
  if (actor.kind === 'user') return actor.userId;
  return actor.kind === 'computer' ? COMPUTER_ACTOR : TIMEOUT_ACTOR;
}

/**
 * Each human's result in a finished game. A player who left counts the game in last place, never as a win
 * and beating no one (the computer that took over raced for the seat, not the player).
 */
export function playerOutcomes(game: GameRecord, state: GameState): PlayerOutcome[] {
  const computerSeats = game.seats.filter((seat) => seat.userId === null);
  const lastPlace = game.seats.length;
  return game.seats.flatMap((seat): PlayerOutcome[] => {
    if (seat.userId === null) return [];
    const base = { userId: seat.userId, name: seat.name };
    if (seat.left) return [{ ...base, place: lastPlace, won: false, left: true, beat: [] }];
    const place = state.seats[seat.index]?.place ?? lastPlace;
    const beat = new Set<AiLevel>();
    for (const computer of computerSeats) {
      const theirPlace = state.seats[computer.index]?.place ?? lastPlace;
      if (computer.level && theirPlace > place) beat.add(computer.level);
    }
    return [{ ...base, place, won: place === 1, left: false, beat: [...beat] }];
  });
}
