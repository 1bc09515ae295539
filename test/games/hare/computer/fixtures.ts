/** Game-state fixtures for the computer-player tests: a new game with chosen seats (GameState is plain JSON). */
import {
  createGame,
  type GameState,
  type RulesName,
  type SeatState,
} from '../../../../src/games/hare/rules/index';

export type SeatSetup = Partial<Pick<SeatState, 'position' | 'carrots' | 'lettuces' | 'ateHere' | 'place'>>;

/** A game of `rules` whose seats are set up as given (others stay at the start); seat `current` acts. */
export function fixture(rules: RulesName, seats: SeatSetup[], current = 0): GameState {
  const state = createGame({ rules, seats: seats.length, seed: 'fixture' });
  seats.forEach((setup, index) => Object.assign(state.seats[index] as SeatState, setup));
  state.finishOrder = seats
    .map((setup, index) => ({ place: setup.place ?? null, index }))
    .filter((entry): entry is { place: number; index: number } => entry.place !== null)
    .sort((a, b) => a.place - b.place)
    .map((entry) => entry.index);
  state.current = current;
  return state;
}
