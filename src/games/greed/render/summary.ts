/**
 * Greed's summary: places, the banked score after every turn (never falling), each player's chance to win after
 * every turn with the turning point and each one's luck, and each player's figures.
 */
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { standings } from '../rules/game';
import type { GameState } from '../rules/types';
import { greedStory } from '../win/story';

function points(value: number): string {
  return value.toLocaleString('en-US');
}

/** The names come last, so that a long one cut to fit takes no other word with it. */
function title(input: SummaryImageInput<GameState>): string {
  if (input.stoppedBy) return `Greed · stopped by ${input.stoppedBy}`;
  const winners = standings(input.state).filter((standing) => standing.place === 1);
  const names = winners.map((winner) => seatName(input.seats, winner.seat));
  return names.length === 1 ? `Greed · won by ${names[0]}` : `Greed · shared win: ${names.join(', ')}`;
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  const { state } = input;
  const canvas = drawSummarySheet({
    title: title(input),
    stopped: input.stoppedBy !== null,
    places: placeRows(standings(state), input.seats, (seat) => points(state.scores[seat]!)),
    chart: {
      title: 'Banked score after each turn',
      series: state.history.map((turns) => [0, ...turns]),
      xLabel: 'turn',
      yMax: Math.max(state.options.target, ...state.scores),
      mark: { value: state.options.target, label: 'target' },
    },
    figureHeaders: ['Turns', 'Busts', 'Best turn', 'Hot dice'],
    figures: state.tallies.map((tally, seat) => ({
      seat,
      name: seatName(input.seats, seat),
      values: [tally.turns, tally.busts, tally.bestTurn > 0 ? points(tally.bestTurn) : '–', tally.hotDice],
    })),
    ...(input.stoppedBy === null ? { story: greedStory(state) } : {}),
  });
  return encodeOpaquePng(canvas);
}
