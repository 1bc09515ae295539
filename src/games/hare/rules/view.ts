/**
 * What a seat may see of a Hare & Tortoise race (GameRules.observe). Under the standard rules every runner's
 * carrots are secret until the end: in another seat's view (and the spectator's) they read HIDDEN_CARROTS, as do
 * the tallies and chart points that would tell them. The order of the hare deck and the random stream are
 * nobody's to see (the deck's cards are public, so it is kept sorted), and so is the action log's starting stream
 * until the end (it foretells every card and roll; the summary's replay reads it from the final state).
 */
import { hiddenStream } from '../../kit/view';
import type { GameEvent, GameState, SeatState } from './types';

/** The carrots of a runner whose count is secret to the viewer. */
export const HIDDEN_CARROTS = -1;

/** Whether carrot counts are secret in this race now (standard rules, until the end). */
export function carrotsSecret(state: GameState): boolean {
  return state.rules === 'standard' && !state.over;
}

function hiddenSeat(seat: SeatState): SeatState {
  return {
    ...seat,
    carrots: HIDDEN_CARROTS,
    stats: { ...seat.stats, carrotsSpent: HIDDEN_CARROTS, carrotsEarned: HIDDEN_CARROTS },
  };
}

export function observeRace(state: GameState, viewer: number | null): GameState {
  const view: GameState = { ...state, deck: [...state.deck].sort(), rng: hiddenStream() };
  if (state.actionLog && !state.over) view.actionLog = { ...state.actionLog, startRng: hiddenStream() };
  if (!carrotsSecret(state)) return view;
  const hidden = (seat: number) => seat !== viewer;
  return {
    ...view,
    seats: state.seats.map((seat, index) => (hidden(index) ? hiddenSeat(seat) : seat)),
    history: state.history.map((point) => ({
      ...point,
      carrots: point.carrots.map((carrots, index) => (hidden(index) ? HIDDEN_CARROTS : carrots)),
    })),
  };
}

/** An event as `viewer` may see it: another runner's carrots blanked while they are secret. */
export function observeRaceEvent(event: GameEvent, state: GameState, viewer: number | null): GameEvent {
  if (!carrotsSecret(state) || !('seat' in event) || event.seat === viewer) return event;
  if (event.type === 'finish') return { ...event, carrots: HIDDEN_CARROTS };
  if ('carrotsBefore' in event)
    return { ...event, carrotsBefore: HIDDEN_CARROTS, carrotsAfter: HIDDEN_CARROTS };
  return event;
}
