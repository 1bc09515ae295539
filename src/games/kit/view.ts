/** What every game's view (GameRules.observe) leaves out, whatever the seat. */
import type { GameRng, RngState } from './random';

/** The random stream as a view shows it: blank, so that no view foretells a roll or a card. */
export function hiddenStream(): RngState {
  return [0, 0, 0, 0];
}

/** The state with its random stream blanked: the whole view of a game with no other secret. */
export function withoutStream<State extends { rng: GameRng }>(state: State): State {
  return { ...state, rng: hiddenStream() };
}
