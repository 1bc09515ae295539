/**
 * The game-summary image on the shared summary sheet: the headline (who won, or who stopped the game), the
 * places, charts of positions and carrots by turn, how the game was won, and each seat's key figures.
 */
import type { Canvas } from '@napi-rs/canvas';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, type SheetChart, type SummarySheet } from '../../draw/summary-sheet';
import { hareStandings } from '../module-rules';
import { count, FINISH, STARTING_CARROTS, raceRank, type GameState, type SeatState } from '../rules/index';
import { hareStory } from '../win/story';
import { displayName, rulesLabel, seatDisplay } from './seats';
import type { SeatDisplay, SummaryRenderOptions } from './types';

/** Drawn for chat size like the board: no text under 19 px on an image 800 px wide. */
export const SUMMARY_WIDTH = 800;

/** Five figures fit at chat size; the game's text summary (and /hare log) carries the rest. */
const FIGURE_COLUMNS: readonly { header: string; value: (seat: SeatState) => number }[] = [
  { header: 'Turns\nplayed', value: (seat) => seat.stats.turns },
  { header: 'Carrots\nspent', value: (seat) => seat.stats.carrotsSpent },
  { header: 'Lettuces\neaten', value: (seat) => seat.stats.lettucesEaten },
  { header: 'Hare\nresults', value: (seat) => seat.stats.hareResults },
  { header: 'Restarts', value: (seat) => seat.stats.restarts },
];

/** The title and the line under it: who won, or who stopped the game. */
export function summaryHeadline(
  state: GameState,
  seats: readonly SeatDisplay[],
  stoppedBy: string | null,
): { title: string; notes: string } {
  const lastTurn = state.history.at(-1)?.turn ?? 0;
  if (stoppedBy)
    return {
      title: `Stopped by ${stoppedBy} at turn ${state.turn}`,
      notes: 'No winner: the standings when the game was stopped',
    };
  const title = state.over
    ? `Game over after ${count(lastTurn, 'turn')}`
    : `Game in progress · turn ${state.turn}`;
  const winner = state.seats.findIndex((seat) => seat.place === 1);
  const limitReached = state.over && state.turnLimit !== null && lastTurn >= state.turnLimit;
  const notes = [
    winner >= 0 ? `Winner: ${seatDisplay(seats, winner).name}` : '',
    limitReached ? `the turn limit (${state.turnLimit}) ended the game` : '',
  ].filter(Boolean);
  const joined = notes.join(' · ');
  return { title, notes: `${joined.charAt(0).toUpperCase()}${joined.slice(1)}` };
}

/** The places of a stopped game: those who finished keep theirs, the others by the race at that moment. */
export function standingPlaces(state: GameState, stoppedBy: string | null): number[] | null {
  if (!stoppedBy) return null;
  return state.seats.map((seat, index) => seat.place ?? raceRank(state, index));
}

/** A seat's values per turn, up to the turn it reached the finish (after that its line would only run flat). */
function seriesOf(state: GameState, values: (point: GameState['history'][number]) => readonly number[]) {
  return state.seats.map((_, seat) => {
    const finished = state.history.findIndex((point) => point.positions[seat] === FINISH);
    const points = finished < 0 ? state.history : state.history.slice(0, finished + 1);
    return points.map((point) => values(point)[seat] ?? 0);
  });
}

function charts(state: GameState): readonly [SheetChart, SheetChart] {
  const xStart = state.history[0]?.turn ?? 0;
  const carrots = Math.max(STARTING_CARROTS, ...state.history.flatMap((point) => point.carrots));
  return [
    {
      title: 'Position on the track',
      series: seriesOf(state, (point) => point.positions),
      xLabel: 'Turn',
      xStart,
      yMax: FINISH,
      yStep: 16,
      mark: { value: FINISH, label: 'Finish' },
    },
    {
      title: 'Carrots',
      series: seriesOf(state, (point) => point.carrots),
      xLabel: 'Turn',
      xStart,
      yMax: carrots,
    },
  ];
}

/** Where a seat's runner ended: at the finish, or on its square (capitalised like every label of Hare's images). */
function where(seat: SeatState): string {
  return seat.position === FINISH ? 'Finished' : seat.position === 0 ? 'Start' : `Square ${seat.position}`;
}

/** What the summary shows, on the shared sheet. */
export function hareSummarySheet(state: GameState, options: SummaryRenderOptions): SummarySheet {
  const stoppedBy = options.stoppedBy ?? null;
  const { title, notes } = summaryHeadline(state, options.seats, stoppedBy);
  const name = (seat: number) => displayName(seatDisplay(options.seats, seat));
  const story = stoppedBy === null ? hareStory(state) : null;
  return {
    title: `${title} · ${rulesLabel(state.rules)}`,
    subtitle: notes,
    stopped: stoppedBy !== null,
    places: [...hareStandings(state)]
      .sort((a, b) => a.place - b.place || a.seat - b.seat)
      .map(({ seat, place }) => ({ seat, place, name: name(seat), detail: where(state.seats[seat]!) })),
    chart: charts(state),
    figureHeaders: FIGURE_COLUMNS.map((column) => column.header),
    figures: state.seats.map((seat, index) => ({
      seat: index,
      name: name(index),
      values: FIGURE_COLUMNS.map((column) => column.value(seat)),
    })),
    ...(story ? { story, storyXLabel: 'Turn' } : {}),
  };
}

/** Draws the summary on a new canvas (exported for tests that check pixels without encoding). */
export function drawSummary(state: GameState, options: SummaryRenderOptions): Canvas {
  return drawSummarySheet(hareSummarySheet(state, options));
}

/** The summary as a PNG image SUMMARY_WIDTH pixels wide. */
export function renderSummary(state: GameState, options: SummaryRenderOptions): Buffer {
  return encodeOpaquePng(drawSummary(state, options));
}
