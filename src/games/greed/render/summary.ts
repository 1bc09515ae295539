/**
 * Greed's summary: places, the banked score after every round (never falling), each player's chance to win after
 * every turn with the turning point and each one's luck, and each player's figures.
 */
import type { SummaryImageInput } from '../../contract';
import { encodeOpaquePng } from '../../draw/png';
import { drawSummarySheet, placeRows, seatName } from '../../draw/summary-sheet';
import { forfeitStandings } from '../../draw/forfeit';
import { formatNumber } from '../../draw/image-words';
import { standings } from '../rules/game';
import type { GameState } from '../rules/types';
import { greedStory } from '../win/story';
import { greedWords } from '../greed-words';

/** The names come last, so that a long one cut to fit takes no other word with it. */
function title(input: SummaryImageInput<GameState>): string {
  const t = greedWords(input.language);
  if (input.stoppedBy && input.forfeitSeat != null)
    return t('summary.forfeited', { title: t('title'), name: input.stoppedBy });
  if (input.stoppedBy) return t('summary.stoppedBy', { title: t('title'), name: input.stoppedBy });
  const winners = standings(input.state).filter((standing) => standing.place === 1);
  const names = winners.map((winner) => seatName(input.seats, winner.seat, input.language));
  return names.length === 1
    ? t('summary.wonBy', { title: t('title'), name: names[0]! })
    : t('summary.sharedWin', { title: t('title'), names: names.join(', ') });
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  const { state, language } = input;
  const t = greedWords(language);
  const points = (value: number) => formatNumber(value, language);
  const forfeit = input.stoppedBy !== null ? (input.forfeitSeat ?? null) : null;
  const canvas = drawSummarySheet({
    title: title(input),
    ...(forfeit !== null ? { subtitle: t('summary.forfeitNote', { name: input.stoppedBy ?? '' }) } : {}),
    stopped: input.stoppedBy !== null && forfeit === null,
    places: placeRows(
      forfeit === null ? standings(state) : forfeitStandings(standings(state), forfeit),
      input.seats,
      (seat) => points(state.scores[seat]!),
      language,
    ),
    chart: {
      title: t('summary.chart'),
      series: state.history.map((turns) => [0, ...turns]),
      xLabel: t('summary.round'),
      yMax: Math.max(state.options.target, ...state.scores),
      mark: { value: state.options.target, label: t('summary.target') },
    },
    figureHeaders: [t('summary.turns'), t('summary.busts'), t('summary.bestTurn'), t('summary.hotDice')],
    figures: state.tallies.map((tally, seat) => ({
      seat,
      name: seatName(input.seats, seat, language),
      values: [tally.turns, tally.busts, tally.bestTurn > 0 ? points(tally.bestTurn) : '–', tally.hotDice],
    })),
    ...(input.stoppedBy === null ? { story: greedStory(state, language) } : {}),
    ...(language ? { language } : {}),
  });
  return encodeOpaquePng(canvas);
}
