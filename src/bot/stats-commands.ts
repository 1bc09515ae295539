/** The public stats subcommands: a player's figures with their rating chart, and the server's leaderboard. */
import { conservativeRating, INITIAL_RATING, type RatingPoint } from '../service/index';
import { ratingChartFile } from './archive-views';
import type { Handler } from './channel-game';
import type { BotContext } from './context';
import { languageOf } from './game-words';
import { languageOfLocale, type Language } from '../i18n/index';
import { requireServer } from './preconditions';
import { leaderboardEmbed, statsEmbed } from './stats-views';

const RATING_CHART_GAMES = 30;

/** The conservative ratings to chart, from the start (rating 0 before the first game) when they all fit. */
function chartedRatings(
  points: readonly RatingPoint[],
  games: number,
): { ratings: number[]; firstGame: number } {
  const ratings = points.map((point) => conservativeRating(point));
  if (games <= points.length)
    return { ratings: [conservativeRating(INITIAL_RATING), ...ratings], firstGame: 0 };
  return { ratings, firstGame: games - points.length + 1 };
}

/**
 * The language of a public answer (stats, leaderboard): the channel's game's when one runs there, else the
 * server's, never the invoker's own (they are read by the whole channel).
 */
async function publicLanguage(
  interaction: { channelId: string | null; guildLocale: string | null },
  context: BotContext,
): Promise<Language> {
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  return game ? languageOf(game) : languageOfLocale(interaction.guildLocale);
}

export const stats: Handler = async (interaction, context, module) => {
  const guildId = requireServer(interaction, 'bot.statsPerServer');
  const language = await publicLanguage(interaction, context);
  const user = interaction.options.getUser('user') ?? interaction.user;
  const record = await context.service.stats(guildId, module.key, user.id);
  const rating = await context.service.rating(guildId, module.key, user.id);
  const history = await context.service.ratingHistory(guildId, module.key, user.id, RATING_CHART_GAMES);
  await interaction.deferReply();
  const charted = chartedRatings(history, rating?.games ?? 0);
  const chart = rating
    ? await ratingChartFile(user.displayName, charted.ratings, charted.firstGame, context.renderer, language)
    : null;
  await interaction.editReply({
    embeds: [statsEmbed(module, user.displayName, record, { rating, chart: chart !== null }, language)],
    files: chart ? [chart] : [],
    allowedMentions: { parse: [] },
  });
};

export const leaderboard: Handler = async (interaction, context, module) => {
  const guildId = requireServer(interaction, 'bot.statsPerServer');
  const rows = await context.service.ratingLeaderboard(guildId, module.key, 10);
  const language = await publicLanguage(interaction, context);
  await interaction.reply({
    embeds: [leaderboardEmbed(module, rows, language)],
    allowedMentions: { parse: [] },
  });
};
