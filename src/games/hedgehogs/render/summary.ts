/**
 * The summary: places, hedgehogs in the goal, progress per round, each player's chance to win after every turn
 * with the turning point and each one's luck, and each player's figures.
 */
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { forfeitStandings } from '../../draw/forfeit';
import { COLUMNS, HEDGEHOGS_PER_SEAT, inGoal } from '../rules/board';
import { standings } from '../rules/game';
import type { GameState } from '../rules/types';
import { hedgehogsStory } from '../win/story';
import { words, type Translate } from '../hedgehogs-words';

function title(input: SummaryImageInput<GameState>, t: Translate): string {
  const short = t('shortTitle');
  if (input.stoppedBy && input.forfeitSeat != null)
    return t('summary.forfeited', { title: short, name: input.stoppedBy });
  if (input.stoppedBy) return t('summary.stopped', { title: short, name: input.stoppedBy });
  const { winner } = input.state;
  return winner !== null
    ? t('summary.wins', { title: short, name: seatName(input.seats, winner) })
    : t('summary.turnLimit', { title: short });
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  const { state } = input;
  const t = words(input.language);
  const goal = inGoal(state);
  const story = input.stoppedBy === null ? hedgehogsStory(state, {}, input.language) : null;
  const forfeit = input.stoppedBy !== null ? (input.forfeitSeat ?? null) : null;
  const canvas = drawSummarySheet({
    title: title(input, t),
    ...(forfeit !== null ? { subtitle: t('summary.forfeitNote', { name: input.stoppedBy ?? '' }) } : {}),
    stopped: input.stoppedBy !== null && forfeit === null,
    places: placeRows(
      forfeit === null ? standings(state) : forfeitStandings(standings(state), forfeit),
      input.seats,
      (seat) => t('summary.inGoal', { goal: goal[seat]! }),
      input.language,
    ),
    chart: {
      title: t('summary.chart'),
      series: Array.from({ length: state.seats }, (_, seat) =>
        state.progress.map((round) => round[seat] ?? 0),
      ),
      xLabel: t('summary.round'),
      yMax: HEDGEHOGS_PER_SEAT * (COLUMNS - 1),
    },
    // The places above already give each seat's hedgehogs in the goal: the table leaves them out, so that
    // its three columns are wide enough for their headers at phone width.
    figureHeaders: [t('summary.movedFoes'), t('summary.turnsHeld'), t('summary.sidesteps')],
    figures: state.tallies.map((tally, seat) => ({
      seat,
      name: seatName(input.seats, seat, input.language),
      values: [tally.movedOthers, tally.heldTurns, tally.sidesteps],
    })),
    ...(story ? { story } : {}),
    ...(input.language ? { language: input.language } : {}),
  });
  return encodeOpaquePng(canvas);
}
