/**
 * The summary: places, hedgehogs in the goal, progress per round, each player's chance to win after every turn
 * with the turning point and each one's luck, and each player's figures.
 */
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { COLUMNS, HEDGEHOGS_PER_SEAT, inGoal } from '../rules/board';
import { standings } from '../rules/game';
import type { GameState } from '../rules/types';
import { hedgehogsStory } from '../win/story';

function title(input: SummaryImageInput<GameState>): string {
  if (input.stoppedBy) return `Hedgehogs · stopped by ${input.stoppedBy}`;
  const { winner } = input.state;
  return winner !== null
    ? `Hedgehogs · ${seatName(input.seats, winner)} wins`
    : 'Hedgehogs · turn limit reached';
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  const { state } = input;
  const goal = inGoal(state);
  const story = input.stoppedBy === null ? hedgehogsStory(state) : null;
  const canvas = drawSummarySheet({
    title: title(input),
    stopped: input.stoppedBy !== null,
    places: placeRows(standings(state), input.seats, (seat) => `${goal[seat]} in the goal`),
    chart: {
      title: 'Progress (sum of columns) after each round',
      series: Array.from({ length: state.seats }, (_, seat) =>
        state.progress.map((round) => round[seat] ?? 0),
      ),
      xLabel: 'round',
      yMax: HEDGEHOGS_PER_SEAT * (COLUMNS - 1),
    },
    // The places above already give each seat's hedgehogs in the goal: the table leaves them out, so that
    // its three columns are wide enough for their headers at phone width.
    figureHeaders: ['Moved foes', 'Turns held', 'Sidesteps'],
    figures: state.tallies.map((tally, seat) => ({
      seat,
      name: seatName(input.seats, seat),
      values: [tally.movedOthers, tally.heldTurns, tally.sidesteps],
    })),
    ...(story ? { story } : {}),
  });
  return encodeOpaquePng(canvas);
}
