/**
 * The summary image on the shared summary sheet: places with where each pawn ended, each pawn's progress per
 * round, each seat's chance to win after every turn (pure luck, exact) with the turning point and each one's
 * luck, and the figures.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { forfeitStandings } from '../../draw/forfeit';
import { standings } from '../rules/game';
import { CASTLE } from '../rules/track';
import type { GameState } from '../rules/types';
import { figures } from '../texts';
import { candyStory } from '../win/story';
import { words, type Translate } from '../candyland-words';

/** Column headers for the figures of texts.figures, in the same order. */
const FIGURE_HEADERS = ['summary.cards', 'summary.shortcuts', 'summary.licorice', 'summary.sentBack'];

function title(t: Translate, input: SummaryImageInput<GameState>): string {
  if (input.stoppedBy && input.forfeitSeat != null) return t('summary.forfeited', { name: input.stoppedBy });
  if (input.stoppedBy) return t('summary.stopped', { name: input.stoppedBy });
  const { state } = input;
  if (state.winner !== null) return t('summary.wins', { name: seatName(input.seats, state.winner) });
  return t('summary.turnLimit');
}

function where(t: Translate, position: number): string {
  return position === CASTLE
    ? t('summary.castle')
    : position === 0
      ? t('summary.start')
      : t('summary.space', { space: position });
}

export function drawSummary(input: SummaryImageInput<GameState>): Canvas {
  const { state } = input;
  const t = words(input.language);
  const seats = Array.from({ length: state.seats }, (_, seat) => seat);
  const forfeit = input.stoppedBy !== null ? (input.forfeitSeat ?? null) : null;
  return drawSummarySheet({
    title: `${t('title')} · ${title(t, input)}`,
    ...(forfeit !== null ? { subtitle: t('summary.forfeitNote', { name: input.stoppedBy ?? '' }) } : {}),
    stopped: input.stoppedBy !== null && forfeit === null,
    places: placeRows(
      forfeit === null ? standings(state) : forfeitStandings(standings(state), forfeit),
      input.seats,
      (seat) => where(t, state.positions[seat] ?? 0),
      input.language,
    ),
    chart: {
      title: t('summary.chart'),
      series: seats.map((seat) => state.progress.map((row) => row[seat] ?? 0)),
      xLabel: t('summary.round'),
      yMax: CASTLE,
      mark: { value: CASTLE, label: t('summary.castleMark') },
    },
    figureHeaders: FIGURE_HEADERS.map((key) => t(key)),
    figures: seats.map((seat) => ({
      seat,
      name: seatName(input.seats, seat, input.language),
      values: figures(state, seat).map((figure) => figure.value),
    })),
    ...(input.stoppedBy === null ? { story: candyStory(state, input.language) } : {}),
    ...(input.language ? { language: input.language } : {}),
  });
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  return encodeOpaquePng(drawSummary(input));
}
