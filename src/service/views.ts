/** Pure views of a stored game through its module: next seat, placings, log lines, actors, outcomes. */
import type { AnyGameModule, TextContext } from '../games/contract';
import {
  AUTO_ACTOR,
  COMPUTER_ACTOR,
  TIMEOUT_ACTOR,
  type ActorTag,
  type GameRecord,
  type LoggedAction,
  type PlayerOutcome,
  type RatedSeat,
  type SeatRecord,
} from '../store/index';
import { forfeitSeat, placesOf } from './forfeit';
import { programTokenOf } from './program-levels';
import type { Actor, GameFacts, NextSeat, Placing } from './types';
import { DEFAULT_LANGUAGE, messageAt, messageWords, type Language } from '../i18n/index';

export function seatName(game: GameFacts, seat: number): string {
  return game.seats[seat]?.name ?? `Seat ${seat + 1}`;
}

export function seatNames(game: GameFacts): string[] {
  return game.seats.map((seat) => seat.name);
}

/** How the texts see the game; `language` given (and not English), they write in it. */
export function textContext(
  game: GameFacts,
  viewerSeat: number | null = null,
  reveal = false,
  language?: Language,
): TextContext {
  const ctx: TextContext = { names: seatNames(game), viewerSeat, reveal };
  return language && language !== DEFAULT_LANGUAGE ? { ...ctx, language } : ctx;
}

/** The language of the game's public messages (English for a record without one). */
export function gameLanguage(game: Pick<GameRecord, 'options'>): Language {
  return game.options?.language ?? DEFAULT_LANGUAGE;
}

/**
 * What `viewer` (a seat, or null for everyone) may see of the game's state: the module's view
 * (GameRules.observe) while the game runs, the whole state once it has ended (finished or stopped). Texts,
 * images, controls, commands and computer players are given this, never the stored state of a running game.
 */
export function stateSeenBy(
  module: AnyGameModule,
  game: GameFacts,
  state: unknown,
  viewer: number | null,
): unknown {
  return isRunning(module, game, state) ? module.rules.observe(state, viewer) : state;
}

/** What `viewer` may see of events that led to `state`, as stateSeenBy (GameRules.observeEvent). */
export function eventsSeenBy(
  module: AnyGameModule,
  game: GameFacts,
  state: unknown,
  events: readonly unknown[],
  viewer: number | null,
): readonly unknown[] {
  const observeEvent = module.rules.observeEvent;
  if (!observeEvent || !isRunning(module, game, state)) return events;
  return events.map((event) => observeEvent(event, state, viewer));
}

function isRunning(module: AnyGameModule, game: GameFacts, state: unknown): boolean {
  return game.status === 'active' && !module.rules.isOver(state);
}

/** The seat to act, or null when the game is not running. */
export function nextSeat(module: AnyGameModule, game: GameFacts, state: unknown): NextSeat | null {
  if (game.status !== 'active') return null;
  const index = module.rules.currentSeat(state);
  if (index === null) return null;
  const seat = game.seats[index];
  if (!seat) return null;
  const human = seat.kind === 'human';
  return {
    seat: index,
    kind: seat.kind,
    human,
    userId: human ? seat.userId : null,
    name: seat.name,
    dueAt: game.nextDueAt,
  };
}

/**
 * Places sorted from first, by the module's standings (at the end, or at the moment a game was stopped; in a
 * forfeit, the forfeiting seat last: src/service/forfeit.ts).
 */
export function placings(module: AnyGameModule, game: GameFacts, state: unknown): Placing[] {
  const places = placesOf(module, game, state);
  return game.seats
    .map((seat) => ({
      seat: seat.index,
      place: places.get(seat.index) ?? game.seats.length,
      name: seat.name,
      kind: seat.kind,
      userId: seat.userId,
    }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

/**
 * Public log lines of a step: seat names, and the game's secrets hidden unless `reveal`; in the game's language
 * unless another is asked for.
 */
export function describeEvents(
  module: AnyGameModule,
  game: GameFacts,
  state: unknown,
  events: readonly unknown[],
  reveal = false,
  language: Language = gameLanguage(game),
): string[] {
  const ctx = textContext(game, null, reveal, language);
  const seen = reveal ? state : stateSeenBy(module, game, state, null);
  const seenEvents = reveal ? events : eventsSeenBy(module, game, state, events, null);
  return seenEvents.flatMap((event) => {
    const line = module.texts.describeEvent(event, seen, ctx);
    return line === null ? [] : [line];
  });
}

/** A line that explains a step the engine events do not: an idle turn played by the service. */
export function timeoutLine(
  game: GameFacts,
  seat: number,
  action: LoggedAction,
  language: Language = gameLanguage(game),
): string {
  const name = seatName(game, seat);
  return messageWords(language)(action.type === 'forfeit' ? 'log.timeoutSkip' : 'log.timeoutComputer', {
    name,
  });
}

/** A computer level's name in `language` (the game's catalogue names its levels; English: the level). */
export function levelWord(module: AnyGameModule, level: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !module.catalogue) return level;
  return messageAt(module.catalogue[language], `command.computerLevels.${level}`) ?? level;
}

/**
 * A computer seat's name: its level and its number among the computers ("Steady 1"), or "Computer 1" when the
 * game has a single level (the level would tell nothing); in the game's language.
 */
export function computerSeatName(
  module: AnyGameModule,
  level: string,
  number: number,
  language: Language = DEFAULT_LANGUAGE,
): string {
  if (module.computer.levels.length <= 1) return messageWords(language)('lobby.computerName', { number });
  const word = levelWord(module, level, language);
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${number}`;
}

/** The log line of a player who left a running game: a computer of `level` plays the seat. */
export function seatLeftLine(
  module: AnyGameModule,
  game: GameFacts,
  name: string,
  level: string,
  language: Language = gameLanguage(game),
): string {
  const t = messageWords(language);
  // A game with a single level gives it no name players meet.
  if (module.computer.levels.length <= 1) return t('log.leftToComputer', { name });
  return t('log.left', { name, level: levelWord(module, level, language) });
}

export function actorFromTag(
  tag: ActorTag,
  seat: SeatRecord | undefined,
  game: GameRecord,
  action: LoggedAction,
): Actor {
  if (tag === COMPUTER_ACTOR) return { kind: 'computer', level: seat?.level ?? game.options.computerLevel };
  if (tag === AUTO_ACTOR) return { kind: 'auto', userId: seat?.userId ?? null };
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
  if (actor.kind === 'auto') return AUTO_ACTOR;
  return actor.kind === 'computer' ? COMPUTER_ACTOR : TIMEOUT_ACTOR;
}

/**
 * Every seat's place for the ratings: humans by user id, computers by level (`computer:<level>`); a human who
 * left is placed last, below everyone who stayed; in a forfeit, the forfeiting seat below everyone else.
 */
export function ratedSeats(module: AnyGameModule, game: GameRecord, state: unknown): RatedSeat[] {
  const places = placesOf(module, game, state);
  const leftPlace = game.seats.length + 1;
  return game.seats.map((seat) => {
    const program = programTokenOf(seat.level);
    // An outside program is rated under its own key and name, marked as a program (program-seats.ts).
    const playerId = seat.userId ?? (program ? seat.level! : `computer:${seat.level ?? 'computer'}`);
    const name = seat.userId
      ? seat.name
      : program
        ? `🤖 ${seat.name}`
        : `Computer (${seat.level ?? 'computer'})`;
    const place = seat.left && seat.userId ? leftPlace : (places.get(seat.index) ?? game.seats.length);
    return { playerId, name, place };
  });
}

/**
 * Each human's result in a finished game. A player who left counts the game in last place, never as a win
 * and beating no one (the computer that took over played for the seat, not the player). In a forfeit the
 * forfeiting player is last, and the best of the others wins.
 */
export function playerOutcomes(module: AnyGameModule, game: GameRecord, state: unknown): PlayerOutcome[] {
  const places = placesOf(module, game, state);
  const computerSeats = game.seats.filter((seat) => seat.userId === null);
  const lastPlace = game.seats.length;
  const forfeited = forfeitSeat(game);
  return game.seats.flatMap((seat): PlayerOutcome[] => {
    if (seat.userId === null) return [];
    const base = { userId: seat.userId, name: seat.name };
    if (seat.left) return [{ ...base, place: lastPlace, won: false, left: true, beat: [] }];
    const place = places.get(seat.index) ?? lastPlace;
    const beat = new Set<string>();
    for (const computer of computerSeats) {
      const theirPlace = places.get(computer.index) ?? lastPlace;
      if (computer.level && !programTokenOf(computer.level) && theirPlace > place) beat.add(computer.level);
    }
    const won = place === 1 && seat.index !== forfeited && module.rules.endedByTurnLimit?.(state) !== true;
    return [{ ...base, place, won, left: false, beat: [...beat] }];
  });
}
