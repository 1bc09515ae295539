/** Hare & Tortoise's images behind the platform's GameRenderer contract. */
import type { GameRenderer, SeatView } from '../../contract';
import type { GameEvent, GameState } from '../rules/index';
import { renderBoard } from './board';
import { renderSummary } from './summary';
import type { SeatDisplay } from './types';

function displays(seats: readonly SeatView[]): SeatDisplay[] {
  return seats.map((seat) => ({ name: seat.name, kind: seat.kind as SeatDisplay['kind'] }));
}

export const hareRenderer: GameRenderer<GameState, GameEvent> = {
  board: (input) =>
    renderBoard(input.state, {
      seats: displays(input.seats),
      recentEvents: input.recentEvents,
      viewerSeat: input.viewerSeat,
      ...(input.language ? { language: input.language } : {}),
    }),
  summary: (input) =>
    renderSummary(input.state, {
      seats: displays(input.seats),
      stoppedBy: input.stoppedBy,
      forfeitSeat: input.forfeitSeat ?? null,
      ...(input.language ? { language: input.language } : {}),
    }),
};
