import { applyAction, createGame } from '../../../src/games/candyland/rules/game';
import { codeOf, type Card } from '../../../src/games/candyland/rules/cards';
import type { GameEvent, GameState } from '../../../src/games/candyland/rules/types';

/** A fresh game whose next cards are `cards`, in order (the rest of the pile below them). */
export function gameWithCards(seats: number, cards: Card[], turnLimit?: number): GameState {
  const state = createGame({ seats, seed: 'fixed', options: turnLimit ? { turnLimit } : {} });
  const wanted = cards.map(codeOf);
  const rest = [...state.drawPile];
  for (const code of wanted) rest.splice(rest.indexOf(code), 1);
  state.drawPile = [...rest, ...[...wanted].reverse()];
  return state;
}

export function draw(state: GameState): { state: GameState; events: GameEvent[] } {
  return applyAction(state, { type: 'draw' });
}

export function drawAll(state: GameState, times: number): { state: GameState; events: GameEvent[] } {
  let current = state;
  const events: GameEvent[] = [];
  for (let i = 0; i < times; i++) {
    const result = draw(current);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

export function playToEnd(state: GameState): GameState {
  let current = state;
  while (!current.over) current = draw(current).state;
  return current;
}
