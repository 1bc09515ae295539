/**
 * The game-summary image on the shared summary sheet: the headline (who won, or who stopped the game), the
 * places, charts of positions and carrots by turn, how the game was won, and each seat's key figures.
 */
import type { Canvas } from '@napi-rs/canvas';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, type SheetChart, type SummarySheet } from '../../draw/summary-sheet';
import { forfeitStandings } from '../../draw/forfeit';
import { hareStandings } from '../module-rules';
import type { Language } from '../../../i18n/index';
import { FINISH, STARTING_CARROTS, raceRank, type GameState, type SeatState } from '../rules/index';
import { hareStory } from '../win/story';
import { hareWords } from '../hare-words';
import { displayName, rulesLabel, seatDisplay } from './seats';
import type { SeatDisplay, SummaryRenderOptions } from './types';

/** Drawn for chat size like the board: no text under 19 px on an image 800 px wide. */
export const SUMMARY_WIDTH = 800;

/** Five figures fit at chat size; the game's text summary (and /hare log) carries the rest. */
/** The figures the summary message states for each seat (texts.figures), in the same order. */
const FIGURE_COLUMNS: readonly { header: string; value: (seat: SeatState) => number }[] = [
  { header: 'turnsPlayed', value: (seat) => seat.stats.turns },
  { header: 'carrotsSpent', value: (seat) => seat.stats.carrotsSpent },
  { header: 'carrotsEarned', value: (seat) => seat.stats.carrotsEarned },
  { header: 'lettucesEaten', value: (seat) => seat.stats.lettucesEaten },
  { header: 'hareResults', value: (seat) => seat.stats.hareResults },
];

/** The title and the line under it: who won, or who stopped the game. */
export function summaryHeadline(
  state: GameState,
  seats: readonly SeatDisplay[],
  stoppedBy: string | null,
  language?: Language,
): { title: string; notes: string } {
  const words = hareWords(language);
  const { t } = words;
  const lastTurn = state.history.at(-1)?.turn ?? 0;
  if (stoppedBy)
    return {
      title: t('summary.stoppedBy', { name: stoppedBy, turn: state.turn }),
      notes: t('summary.noWinner'),
    };
  const title = state.over
    ? t('summary.over', { turns: words.turns(lastTurn) })
    : t('summary.inProgress', { turn: state.turn });
  const winner = state.seats.findIndex((seat) => seat.place === 1);
  const limitReached = state.over && state.turnLimit !== null && lastTurn >= state.turnLimit;
  const name = winner >= 0 ? seatDisplay(seats, winner, language).name : '';
  const limit = state.turnLimit ?? 0;
  const notes =
    winner >= 0
      ? t(limitReached ? 'summary.winnerLimit' : 'summary.winner', { name, limit })
      : limitReached
        ? t('summary.limit', { limit })
        : '';
  return { title, notes };
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

function charts(state: GameState, language?: Language): readonly [SheetChart, SheetChart] {
  const { t } = hareWords(language);
  const xStart = state.history[0]?.turn ?? 0;
  const carrots = Math.max(STARTING_CARROTS, ...state.history.flatMap((point) => point.carrots));
  return [
    {
      title: t('summary.position'),
      series: seriesOf(state, (point) => point.positions),
      xLabel: t('summary.turn'),
      xStart,
      yMax: FINISH,
      yStep: 16,
      mark: { value: FINISH, label: t('summary.finish') },
    },
    {
      title: t('summary.carrots'),
      series: seriesOf(state, (point) => point.carrots),
      xLabel: t('summary.turn'),
      xStart,
      yMax: carrots,
    },
  ];
}

/** Where a seat's runner ended: at the finish, or on its square (capitalised like every label of Hare's images). */
function where(seat: SeatState, language?: Language): string {
  const { t } = hareWords(language);
  if (seat.position === FINISH) return t('summary.finished');
  return seat.position === 0 ? t('summary.start') : t('summary.square', { square: seat.position });
}

/** What the summary shows, on the shared sheet. */
export function hareSummarySheet(state: GameState, options: SummaryRenderOptions): SummarySheet {
  const stoppedBy = options.stoppedBy ?? null;
  const language = options.language;
  const { t } = hareWords(language);
  const forfeit = stoppedBy !== null ? (options.forfeitSeat ?? null) : null;
  const { title, notes } =
    forfeit === null
      ? summaryHeadline(state, options.seats, stoppedBy, language)
      : {
          title: t('summary.forfeited', { name: stoppedBy ?? '', turn: state.turn }),
          notes: t('summary.forfeitNote', { name: stoppedBy ?? '' }),
        };
  const name = (seat: number) => displayName(seatDisplay(options.seats, seat, language), language);
  const story = stoppedBy === null ? hareStory(state, {}, language) : null;
  return {
    title: t('summary.title', { title, rules: rulesLabel(state.rules, language) }),
    subtitle: notes,
    stopped: stoppedBy !== null && forfeit === null,
    places: [...(forfeit === null ? hareStandings(state) : forfeitStandings(hareStandings(state), forfeit))]
      .sort((a, b) => a.place - b.place || a.seat - b.seat)
      .map(({ seat, place }) => ({
        seat,
        place,
        name: name(seat),
        detail: where(state.seats[seat]!, language),
      })),
    chart: charts(state, language),
    figureHeaders: FIGURE_COLUMNS.map((column) => t(`summary.${column.header}`)),
    figures: state.seats.map((seat, index) => ({
      seat: index,
      name: name(index),
      values: FIGURE_COLUMNS.map((column) => column.value(seat)),
    })),
    ...(story ? { story, storyXLabel: t('summary.turn') } : {}),
    ...(language ? { language } : {}),
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
