/**
 * What a tournament shows in its thread, in the tournament's language: the one standings message (edited as
 * games finish), the results with the chart, and the list of its games, each with its summary and replay (the
 * history's menu) and the command that checks its dice.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { commandWords, slashCommand } from '../games/index';
import { messageWords, type Language, type Translate } from '../i18n/index';
import type { TournamentGame, TournamentProgress, TournamentStanding } from '../service/tournament-progress';
import type { Renderer } from '../workers/render-pool';
import { encodeComponentId } from './custom-ids';
import { gameTitle } from './game-words';
import { fitAltText } from './image-descriptions';
import { decimal } from './stats-views';

const MESSAGE_LENGTH = 2000;
/** Games listed per message: one select menu of the history's, which holds 25 choices. */
const GAMES_PER_LIST = 25;

export interface TournamentWords {
  module: AnyGameModule;
  language: Language;
}

function words({ language }: TournamentWords): Translate {
  return messageWords(language);
}

export function formatText(
  tournament: TournamentWords,
  format: TournamentProgress['format'],
  rounds: number,
): string {
  const t = words(tournament);
  return format === 'swiss' ? t('tournament.swiss', { rounds }) : t('tournament.roundRobin');
}

function points(value: number, language: Language): string {
  return Number.isInteger(value) ? String(value) : decimal(value, language);
}

function standingRows(tournament: TournamentWords, standings: readonly TournamentStanding[]): string[] {
  const t = words(tournament);
  const { language } = tournament;
  return standings.map((standing, index) => {
    const row = t('tournament.row', {
      rank: index + 1,
      name: standing.name,
      program: standing.kind === 'program' ? t('tournament.program') : '',
      points: t('tournament.points', { count: standing.points, value: points(standing.points, language) }),
      wins: standing.wins,
      games: standing.games,
      rating: decimal(standing.rating, language),
    });
    return standing.byes > 0 ? `${row}${t('tournament.byes', { count: standing.byes })}` : row;
  });
}

function statusLine(tournament: TournamentWords, progress: TournamentProgress): string {
  const t = words(tournament);
  if (progress.status === 'finished') return t('tournament.over', { total: progress.played });
  if (progress.status === 'stopped')
    return t('tournament.stopped', {
      played: progress.played,
      total: progress.total,
      reason: t(`tournament.reason.${progress.stoppedBecause ?? 'failed'}`),
    });
  const values = {
    played: progress.played,
    total: progress.total,
    round: progress.round,
    rounds: progress.rounds,
  };
  return t(
    progress.format === 'swiss' ? 'tournament.progressSwiss' : 'tournament.progressRoundRobin',
    values,
  );
}

function fit(lines: readonly string[]): string {
  const text = lines.join('\n');
  return text.length <= MESSAGE_LENGTH ? text : `${text.slice(0, MESSAGE_LENGTH - 1)}…`;
}

/** The live standings message: heading, where the tournament stands, the table and what the figures mean. */
export function standingsPayload(tournament: TournamentWords, progress: TournamentProgress) {
  const t = words(tournament);
  const heading = t('tournament.heading', {
    title: gameTitle(tournament.module, tournament.language),
    format: formatText(tournament, progress.format, progress.rounds),
  });
  return {
    content: fit([
      heading,
      statusLine(tournament, progress),
      '',
      ...standingRows(tournament, progress.standings),
      '',
      `-# ${t('tournament.ratingNote')}`,
    ]),
    allowedMentions: { parse: [] as const },
  };
}

/** The results: the winner (or those sharing first place), the final table and the chart. */
export async function resultsPayload(
  tournament: TournamentWords,
  progress: TournamentProgress,
  renderer: Renderer,
) {
  const t = words(tournament);
  const title = gameTitle(tournament.module, tournament.language);
  return {
    content: fit([
      t('tournament.results', { title }),
      ...winnerLine(t, progress),
      '',
      ...standingRows(tournament, progress.standings),
    ]),
    files: progress.played > 0 ? [await chartFile(tournament, progress, renderer)] : [],
    allowedMentions: { parse: [] as const },
  };
}

/** Who won: the first of the table (points, then rating), or those equal in both. */
function winnerLine(t: Translate, progress: TournamentProgress): string[] {
  const [first, second] = progress.standings;
  if (progress.status !== 'finished' || !first) return [];
  const equal = progress.standings.filter(
    (standing) => standing.points === first.points && standing.rating === first.rating,
  );
  if (equal.length > 1)
    return [t('tournament.sharedWin', { names: equal.map((standing) => standing.name).join(', ') })];
  const onRating = second !== undefined && second.points === first.points;
  return [t(onRating ? 'tournament.winnerOnRating' : 'tournament.winner', { name: first.name })];
}

async function chartFile(
  tournament: TournamentWords,
  progress: TournamentProgress,
  renderer: Renderer,
): Promise<AttachmentBuilder> {
  const t = words(tournament);
  const { language } = tournament;
  const title = t('tournament.chartTitle', { title: gameTitle(tournament.module, language) });
  const entrants = progress.report.entrants;
  const legend = entrants.map((entrant) => `${entrant.name}: ${decimal(entrant.rating.ordinal, language)}`);
  const image = await renderer.standingsChart({
    title,
    xLabel: t('tournament.chartGame'),
    series: progress.report.ratingHistory,
    legend,
    language,
  });
  const description = t('tournament.chartAlt', { games: progress.played, ratings: legend.join(', ') });
  return new AttachmentBuilder(image, { name: 'tournament.png', description: fitAltText([description]) });
}

function outcome(tournament: TournamentWords, progress: TournamentProgress, game: TournamentGame): string {
  const t = words(tournament);
  const winners = game.seats.filter((_, seat) => game.places[seat] === 1);
  if (winners.length !== 1) return t('tournament.draw');
  return t('tournament.wins', { name: nameOf(progress, winners[0]!) });
}

function nameOf(progress: TournamentProgress, entrant: number): string {
  return progress.standings.find((standing) => standing.entrant === entrant)?.name ?? '?';
}

/** The command that checks a game's dice, as the reader finds it: "/hase prüfen partie:<id>". */
function verifyCommand(tournament: TournamentWords): string {
  const option = commandWords(tournament.module, tournament.language)?.subcommands['verify']?.options['game'];
  return `${slashCommand(tournament.module, tournament.language, 'verify')} ${option?.name ?? 'game'}:<id>`;
}

/** The games in messages of at most 25, each with the history's menu: a game's summary and replay, privately. */
export function gameListPayloads(tournament: TournamentWords, progress: TournamentProgress) {
  const t = words(tournament);
  const lines = progress.games.map((game, index) => {
    const seats = game.seats.map((entrant) => nameOf(progress, entrant)).join(' – ');
    const line = t('tournament.gameLine', {
      number: index + 1,
      seats,
      outcome: outcome(tournament, progress, game),
      id: game.id,
    });
    return { game, index, seats, line };
  });
  const chunks: (typeof lines)[] = [];
  for (const entry of lines) {
    const last = chunks.at(-1);
    const length = last ? last.reduce((sum, e) => sum + e.line.length + 1, 0) : 0;
    if (!last || last.length >= GAMES_PER_LIST || length + entry.line.length > MESSAGE_LENGTH - 300)
      chunks.push([entry]);
    else last.push(entry);
  }
  return chunks.map((chunk) => {
    const from = chunk[0]!.index + 1;
    const to = chunk.at(-1)!.index + 1;
    const heading = t('tournament.gamesHeading', { from, to, verify: verifyCommand(tournament) });
    const menu = new StringSelectMenuBuilder()
      .setCustomId(encodeComponentId({ gameKey: tournament.module.key, kind: 'history-pick', userId: null }))
      .setPlaceholder(t('tournament.pick').slice(0, 150))
      .addOptions(
        chunk.map((entry) => ({
          label: `${entry.index + 1}. ${entry.seats}`.slice(0, 100),
          description: `${outcome(tournament, progress, entry.game)} · ${entry.game.id}`.slice(0, 100),
          value: entry.game.id,
        })),
      );
    return {
      content: fit([heading, ...chunk.map((entry) => entry.line)]),
      components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu)],
      allowedMentions: { parse: [] as const },
    };
  });
}
