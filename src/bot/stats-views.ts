/** `/<game> stats` and `/<game> leaderboard`: a player's record and rating, the server's best, in the reader's language. */
import { gameTitle, levelName } from './game-words';
import { EmbedBuilder } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { formatNumber } from '../games/draw/image-words';
import { DEFAULT_LANGUAGE, replyWords, type Language } from '../i18n/index';
import type { PlayerRating, PlayerStats } from '../service/index';

const DEFAULT_COLOR = 0x3f8f4f;

/** `value` with `digits` decimals in `language` ("12.4", "12,4"). */
export function decimal(value: number, language: Language = DEFAULT_LANGUAGE, digits = 1): string {
  const fixed = value.toFixed(digits);
  // English keeps the figures it always showed; the other languages write a decimal comma.
  return language === 'en' ? fixed : fixed.replace('.', ',');
}

/** What the rating means, said once wherever a rating is shown (a first loss takes it below 0). */
export const RATING_EXPLAINED = replyWords('en')('stats.explained');

/** "12.4 (skill 27.1 ± 4.9)": the conservative figure, then the mean and its uncertainty. */
export function ratingText(rating: PlayerRating, language: Language = DEFAULT_LANGUAGE): string {
  return replyWords(language)('stats.rating', {
    rating: decimal(rating.conservative, language),
    mu: decimal(rating.mu, language),
    sigma: decimal(rating.sigma, language),
  });
}

export interface RatingView {
  rating: PlayerRating | null;
  /** Whether the rating chart is attached as rating.png. */
  chart: boolean;
}

export function statsEmbed(
  module: AnyGameModule,
  name: string,
  stats: PlayerStats | null,
  rated: RatingView = { rating: null, chart: false },
  language: Language = DEFAULT_LANGUAGE,
): EmbedBuilder {
  const t = replyWords(language);
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(`📊 ${name} — ${gameTitle(module, language)}`);
  if (!stats || stats.games === 0)
    return embed.setDescription(t('stats.none', { name, title: gameTitle(module, language) }));
  if (rated.rating) {
    embed.addFields({
      name: t('stats.ratingField'),
      value: ratingText(rated.rating, language),
      inline: false,
    });
    embed.setFooter({ text: t('stats.explained') });
  }
  if (rated.chart) embed.setImage('attachment://rating.png');
  const average = decimal(stats.placeSum / stats.games, language, 2);
  const beaten = Object.entries(stats.beaten)
    .filter(([, count]) => count > 0)
    .map(([level, count]) => `${levelName(module, level, language)} ×${formatNumber(count, language)}`)
    .join(', ');
  const percent = Math.round((100 * stats.wins) / stats.games);
  return embed.addFields(
    { name: t('stats.games'), value: formatNumber(stats.games, language), inline: true },
    {
      name: t('stats.wins'),
      value: t('stats.winShare', { wins: formatNumber(stats.wins, language), percent }),
      inline: true,
    },
    { name: t('stats.averagePlace'), value: average, inline: true },
    { name: t('stats.computersBeaten'), value: beaten || t('stats.noneYet'), inline: false },
  );
}

export function leaderboardEmbed(
  module: AnyGameModule,
  rows: readonly PlayerRating[],
  language: Language = DEFAULT_LANGUAGE,
): EmbedBuilder {
  const t = replyWords(language);
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(t('stats.leaderboard', { title: gameTitle(module, language) }));
  if (rows.length === 0) return embed.setDescription(t('stats.leaderboardNone'));
  const lines = rows.map((r, i) =>
    t('stats.leaderboardLine', {
      place: i + 1,
      player: `<@${r.playerId}>`,
      rating: decimal(r.conservative, language),
      wins: t('stats.winsCount', { count: r.wins }),
      games: t('stats.gamesCount', { count: r.games }),
    }),
  );
  return embed.setDescription(lines.join('\n')).setFooter({ text: t('stats.explained') });
}
