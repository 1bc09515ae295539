/**
 * The summary image on the shared summary sheet: places with where each pawn ended, each pawn's progress per
 * round, each seat's chance to win after every turn (pure luck, exact) with the turning point and each one's
 * luck, and the figures.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { standings } from '../rules/game';
import { CASTLE } from '../rules/track';
import type { GameState } from '../rules/types';
import { figures } from '../texts';
import { candyStory } from '../win/story';

/** Column headers for the figures of texts.figures, in the same order. */
const FIGURE_HEADERS = ['Cards', 'Shortcuts', 'Licorice', 'Sent back'];

function title(input: SummaryImageInput<GameState>): string {
  if (input.stoppedBy) return `Stopped by ${input.stoppedBy}`;
  const { state } = input;
  if (state.winner !== null) return `${seatName(input.seats, state.winner)} wins`;
  return 'Turn limit reached: no winner';
}

function where(position: number): string {
  return position === CASTLE ? 'Candy Castle' : position === 0 ? 'start' : `space ${position}`;
}

export function drawSummary(input: SummaryImageInput<GameState>): Canvas {
  const { state } = input;
  const seats = Array.from({ length: state.seats }, (_, seat) => seat);
  return drawSummarySheet({
    title: `Candy Land · ${title(input)}`,
    stopped: input.stoppedBy !== null,
    places: placeRows(standings(state), input.seats, (seat) => where(state.positions[seat] ?? 0)),
    chart: {
      title: 'Space reached after each round',
      series: seats.map((seat) => state.progress.map((row) => row[seat] ?? 0)),
      xLabel: 'round',
      yMax: CASTLE,
      mark: { value: CASTLE, label: 'castle' },
    },
    figureHeaders: FIGURE_HEADERS,
    figures: seats.map((seat) => ({
      seat,
      name: seatName(input.seats, seat),
      values: figures(state, seat).map((figure) => figure.value),
    })),
    ...(input.stoppedBy === null ? { story: candyStory(state) } : {}),
  });
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  return encodeOpaquePng(drawSummary(input));
}
