/** Random game states for the render tests, from seeded playouts (no Math.random: failures reproduce). */
import { chooseAction } from '../../../../src/games/hare/computer/index';
import {
  applyAction,
  createGame,
  legalActions,
  nextInt,
  seedRng,
  type Action,
  type GameEvent,
  type GameState,
  type RngState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import type { BoardRenderOptions, SeatDisplay, SeatKind } from '../../../../src/games/hare/render/index';

export interface Sample {
  state: GameState;
  recentEvents: GameEvent[];
}

const KINDS: SeatKind[] = ['human', 'novice', 'intermediate', 'advanced'];
const NAMES = [
  'Ada',
  'Bram',
  'Cleo',
  'Dario',
  'Eun-ji',
  'Farah',
  'A very long name that cannot fit the card',
];

function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)] as T;
}

function randomAction(state: GameState, rng: RngState, aiRng: RngState, useAi: boolean): Action {
  if (useAi) return chooseAction(state, 'novice', aiRng);
  return pick(rng, legalActions(state));
}

/**
 * Plays `games` seeded games (both rule sets, 2–6 seats, some with a turn limit) and keeps `perGame`
 * states of each, spread over the game from the start to the last state, with the events of the last round.
 */
export function randomSamples(seed: string, games: number, perGame: number): Sample[] {
  const rng = seedRng(seed);
  const samples: Sample[] = [];
  for (let game = 0; game < games; game++) {
    const rules: RulesName = game % 2 === 0 ? 'standard' : 'classic';
    const seats = 2 + nextInt(rng, 5);
    const turnLimit = nextInt(rng, 3) === 0 ? 5 + nextInt(rng, 60) : undefined;
    let state = createGame({ rules, seats, seed: `${seed}-${game}`, turnLimit });
    const aiRng = seedRng(`${seed}-${game}-ai`);
    // Uniformly random players wander for long; the novice player reaches the finish.
    const useAi = nextInt(rng, 3) > 0;
    const history: GameEvent[][] = [];
    const states: Sample[] = [{ state, recentEvents: [] }];
    while (!state.over && history.length < 600) {
      const result = applyAction(state, randomAction(state, rng, aiRng, useAi));
      history.push(result.events);
      state = result.state;
      states.push({ state, recentEvents: history.slice(-seats).flat() });
    }
    samples.push(...spread(states, perGame));
  }
  return samples;
}

/** The final states of `count` games played to the end by novice players (both rule sets, 2–6 seats). */
export function finishedGames(seed: string, count: number): GameState[] {
  const rng = seedRng(seed);
  return Array.from({ length: count }, (_, game) => {
    const rules: RulesName = game % 2 === 0 ? 'standard' : 'classic';
    const turnLimit = nextInt(rng, 4) === 0 ? 3 + nextInt(rng, 30) : 300;
    let state = createGame({ rules, seats: 2 + (game % 5), seed: `${seed}-${game}`, turnLimit });
    const aiRng = seedRng(`${seed}-${game}-ai`);
    while (!state.over) state = applyAction(state, chooseAction(state, 'novice', aiRng)).state;
    return state;
  });
}

/** `count` samples taken evenly from `samples`, the first and the last included. */
function spread(samples: Sample[], count: number): Sample[] {
  const last = samples.length - 1;
  return Array.from({ length: count }, (_, index) => {
    const at = count === 1 ? last : Math.round((index * last) / (count - 1));
    return samples[at] as Sample;
  });
}

export function randomSeats(rng: RngState, count: number): SeatDisplay[] {
  return Array.from({ length: count }, () => ({ name: pick(rng, NAMES), kind: pick(rng, KINDS) }));
}

/** Display options of every kind: viewers or none, hidden or shown carrots, targets on, off or default. */
export function randomOptions(rng: RngState, sample: Sample): BoardRenderOptions {
  const seatCount = sample.state.seats.length;
  const viewer = nextInt(rng, seatCount + 1);
  return {
    seats: randomSeats(rng, nextInt(rng, 4) === 0 ? seatCount - 1 : seatCount),
    recentEvents: nextInt(rng, 5) === 0 ? undefined : sample.recentEvents,
    viewerSeat: viewer === seatCount ? null : viewer,
    hideCarrots: pick(rng, [undefined, true, false]),
    showTargets: pick(rng, [undefined, true, false]),
  };
}
