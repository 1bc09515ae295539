/**
 * Plays one game of the arena: built-in computer levels and outside programs (each through a SeatDriver over a
 * channel), from a seed, to the end. Built-in computers get their seeded streams as the service gives them
 * (computerStreamKey of the game's seed, generator and version), so the same spec plays the same game.
 */
import { createHash } from 'node:crypto';
import type { AnyGameModule } from '../games/contract';
import { CURRENT_GENERATOR, seedRng } from '../games/kit/random';
import { isListed } from '../games/kit/same-action';
import { computerStreamKey } from '../service/fairness';
import type { SeatChannel } from './channel';
import type { ReplacedReason, StrikeReason } from './protocol';
import { SeatDriver } from './seat-driver';

export type SeatSpec =
  | { kind: 'builtin'; entrant: number; name: string; level: string }
  | { kind: 'program'; entrant: number; name: string; program: string };

export interface GameSpec {
  index: number;
  game: string;
  /** The game's engine options (e.g. { rules: 'standard', turnLimit: 200 }). */
  options: Record<string, unknown>;
  seed: string;
  seats: SeatSpec[];
  timeLimitMs: number;
  helloTimeoutMs: number;
}

export interface SeatOutcome {
  entrant: number;
  name: string;
  place: number;
  strikes: Record<StrikeReason, number>;
  replaced: ReplacedReason | null;
  /** Why, when replaced (e.g. "no answer within 2000 ms", "exited with code 1"). */
  problem: string;
  /** Decisions made by this seat's player (a program's answers in time, or a built-in's choices). */
  moves: number;
  moveMsTotal: number;
}

export interface GameResult {
  index: number;
  seed: string;
  seats: SeatOutcome[];
  endedByTurnLimit: boolean;
  actions: number;
  /** What the table was told (a seat passed to the built-in player). */
  notes: string[];
}

/** A stop for a game whose rules never end it (every game here has a turn limit; this is a guard). */
const MAX_ACTIONS = 200_000;

/** The seed a program gets for its own random choices: derived from the game's, telling nothing of it. */
export function playerSeed(gameSeed: string, seat: number): string {
  return createHash('sha256').update(`${gameSeed}:player:${seat}`).digest('hex').slice(0, 32);
}

function weakestLevel(module: AnyGameModule): string {
  return module.computer.levels[0] ?? module.computer.defaultLevel;
}

function builtinChoice(module: AnyGameModule, state: unknown, level: string, streamKey: string): unknown {
  const seat = module.rules.currentSeat(state);
  const view = module.rules.observe(state, seat);
  const action = module.computer.choose(view, level, seedRng(streamKey));
  if (isListed(module.rules.legalActions(state), action)) return action;
  return module.computer.choose(view, weakestLevel(module), seedRng(streamKey));
}

function noStrikes(): Record<StrikeReason, number> {
  return { late: 0, malformed: 0, illegal: 0 };
}

export async function playGame(
  module: AnyGameModule,
  spec: GameSpec,
  openChannel: (program: string) => SeatChannel,
): Promise<GameResult> {
  const names = spec.seats.map((seat) => seat.name);
  let state = module.rules.create({
    seats: spec.seats.length,
    seed: spec.seed,
    options: spec.options,
    generator: CURRENT_GENERATOR,
  });
  const outcomes: SeatOutcome[] = spec.seats.map((seat) => ({
    entrant: seat.entrant,
    name: seat.name,
    place: 0,
    strikes: noStrikes(),
    replaced: null,
    problem: '',
    moves: 0,
    moveMsTotal: 0,
  }));
  const drivers = spec.seats.map((seat, index) =>
    seat.kind === 'program'
      ? new SeatDriver(openChannel(seat.program), {
          table: `arena-${spec.index}`,
          game: module.key,
          rules: spec.options,
          seat: index,
          seats: spec.seats.length,
          players: names,
          timeLimitMs: spec.timeLimitMs,
          helloTimeoutMs: spec.helloTimeoutMs,
          seed: playerSeed(spec.seed, index),
        })
      : null,
  );
  const notes: string[] = [];
  const tellTable = (seat: number, text: string) => {
    notes.push(text);
    for (const driver of drivers) driver?.notice(seat, text);
  };
  const fallbackLevel = weakestLevel(module);
  const replacedText = (seat: number, driver: SeatDriver) =>
    `${names[seat]} (seat ${seat + 1}) is played by the built-in ${fallbackLevel} from now on: ${driver.lastProblem}`;
  let actions = 0;
  try {
    const shook = await Promise.all(drivers.map((driver) => driver?.handshake() ?? true));
    shook.forEach((ok, seat) => {
      if (!ok) tellTable(seat, replacedText(seat, drivers[seat]!));
    });
    while (!module.rules.isOver(state) && actions < MAX_ACTIONS) {
      const seat = module.rules.currentSeat(state) as number;
      const seatSpec = spec.seats[seat]!;
      const outcome = outcomes[seat]!;
      const streamKey = computerStreamKey(spec.seed, CURRENT_GENERATOR, actions + 1);
      let action: unknown;
      const driver = drivers[seat];
      if (driver) {
        const wasReplaced = driver.replaced !== null;
        const fallback = () => builtinChoice(module, state, fallbackLevel, streamKey);
        const legal = module.rules.legalActions(state);
        const moved = await driver.move(module.rules.observe(state, seat), legal, fallback);
        action = moved.action;
        if (moved.answerMs !== null) {
          outcome.moves += 1;
          outcome.moveMsTotal += moved.answerMs;
        }
        if (moved.strike) outcome.strikes[moved.strike] += 1;
        if (!wasReplaced && driver.replaced !== null) tellTable(seat, replacedText(seat, driver));
      } else if (seatSpec.kind === 'builtin') {
        const started = performance.now();
        action = builtinChoice(module, state, seatSpec.level, streamKey);
        outcome.moves += 1;
        outcome.moveMsTotal += performance.now() - started;
      }
      state = module.rules.apply(state, action).state;
      actions += 1;
    }
  } finally {
    const standings = module.rules.standings(state);
    for (const { seat, place } of standings) outcomes[seat]!.place = place;
    const end = {
      standings: standings.map(({ seat, place }) => ({ seat, place, name: names[seat]! })),
      endedByTurnLimit: module.rules.endedByTurnLimit?.(state) ?? false,
      state,
    };
    await Promise.all(drivers.map((driver) => driver?.finish(end)));
    drivers.forEach((driver, seat) => {
      if (!driver) return;
      outcomes[seat]!.replaced = driver.replaced;
      outcomes[seat]!.problem = driver.lastProblem;
    });
  }
  return {
    index: spec.index,
    seed: spec.seed,
    seats: outcomes,
    endedByTurnLimit: module.rules.endedByTurnLimit?.(state) ?? false,
    actions,
    notes,
  };
}
