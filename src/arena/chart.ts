/** The arena's chart: each entrant's conservative rating (μ − 3σ) after each game, with a legend. */
import { drawStandingsChart } from '../games/draw/standings-chart';
import type { ArenaReport } from './standings';

export function drawArenaChart(report: ArenaReport): Uint8Array {
  return drawStandingsChart({
    title: `${report.game} arena: rating (μ − 3σ) after each game, seed "${report.seed}"`.slice(0, 80),
    xLabel: 'game',
    series: report.ratingHistory,
    legend: report.entrants.map(
      (entrant) =>
        `${entrant.name}${entrant.kind === 'program' ? ' (program)' : ''}: ${entrant.wins} wins in ${entrant.games} games, μ − 3σ ${entrant.rating.ordinal.toFixed(1)}`,
    ),
  });
}
