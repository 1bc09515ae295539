/** Builders for engine tests: a GameState is plain JSON, so a test can set up any situation directly. */
import {
  applyAction,
  createGame,
  FINISH,
  IllegalActionError,
  nextInt,
  seedRng,
  type Action,
  type GameEvent,
  type GameState,
  type HareCard,
  type Pending,
  type RngState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';

export interface SeatFixture {
  position?: number;
  carrots?: number;
  lettuces?: number;
  /** A finishing place marks the seat as finished (it then stands on the finish). */
  place?: number;
  missTurns?: number;
  ateHere?: boolean;
}

export interface Fixture {
  rules?: RulesName;
  seats: SeatFixture[];
  current?: number;
  turn?: number;
  turnLimit?: number;
  pending?: Pending;
  seed?: string;
  /** Standard rules: put this card on top of the hare deck. */
  topCard?: HareCard;
  /** Classic rules: make the next die roll come out as this number. */
  nextRoll?: number;
}

export function fixture(spec: Fixture): GameState {
  const state = createGame({
    rules: spec.rules ?? 'standard',
    seats: spec.seats.length,
    seed: spec.seed ?? 'fixture',
    turnLimit: spec.turnLimit,
  });
  spec.seats.forEach((seatSpec, index) => {
    const seat = state.seats[index];
    if (!seat) throw new Error(`no seat ${index}`);
    seat.position = seatSpec.place !== undefined ? FINISH : (seatSpec.position ?? 0);
    seat.carrots = seatSpec.carrots ?? seat.carrots;
    seat.lettuces = seatSpec.lettuces ?? seat.lettuces;
    seat.place = seatSpec.place ?? null;
    seat.missTurns = seatSpec.missTurns ?? 0;
    seat.ateHere = seatSpec.ateHere ?? false;
  });
  state.finishOrder = state.seats
    .map((seat, index) => ({ place: seat.place, index }))
    .filter((entry): entry is { place: number; index: number } => entry.place !== null)
    .sort((a, b) => a.place - b.place)
    .map((entry) => entry.index);
  state.current = spec.current ?? 0;
  state.turn = spec.turn ?? 1;
  state.pending = spec.pending ?? null;
  if (spec.topCard !== undefined) state.deck = withCardOnTop(state.deck, spec.topCard);
  if (spec.nextRoll !== undefined) state.rng = rngRolling(spec.nextRoll);
  return state;
}

function withCardOnTop(deck: HareCard[], card: HareCard): HareCard[] {
  const index = deck.indexOf(card);
  if (index < 0) throw new Error(`no ${card} in the deck`);
  return [card, ...deck.slice(0, index), ...deck.slice(index + 1)];
}

/** A generator state whose next die roll (1 + nextInt(rng, 6), as the engine rolls) is `roll`. */
export function rngRolling(roll: number): RngState {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = seedRng(`die ${roll} ${attempt}`);
    const probe: RngState = [...candidate];
    if (1 + nextInt(probe, 6) === roll) return candidate;
  }
  throw new Error(`no generator state found that rolls ${roll}`);
}

/** Applies actions one after another; returns the last state and every event in order. */
export function play(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  let current = state;
  const events: GameEvent[] = [];
  for (const action of actions) {
    const result = applyAction(current, action);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

export function eventsOfType<T extends GameEvent['type']>(
  events: GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((event): event is Extract<GameEvent, { type: T }> => event.type === type);
}

export function seatAt(state: GameState, index: number) {
  const seat = state.seats[index];
  if (!seat) throw new Error(`no seat ${index}`);
  return seat;
}

export const move = (to: number): Action => ({ type: 'move', to });
export const EAT: Action = { type: 'eat' };
export const TAKE_10: Action = { type: 'carrots', amount: 10 };
export const PAY_10: Action = { type: 'carrots', amount: -10 };
export const SKIP: Action = { type: 'skip' };

/** The error code applyAction throws for `action`, or 'accepted'. */
export function rejectionCode(state: GameState, action: unknown): string {
  try {
    applyAction(state, action as Action);
    return 'accepted';
  } catch (error) {
    if (error instanceof IllegalActionError) return error.code;
    throw error;
  }
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
