/**
 * Each seated person's private record (docs/fairness.md): when they take a seat (the Join button, `/<game> join`,
 * the host's own `/<game> start`) or change their value, the bot tells them privately the game's full
 * commitment and their value, so each keeps their own copy to check the game with once it is over.
 */
import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { languageOfLocale } from '../i18n/index';
import { CLIENT_SEED_PATTERN } from '../service/index';
import type { GameInfo } from '../service/index';
import type { BotContext } from './context';
import { seatRecordText } from './fairness-views';
import { gameTitle } from './game-words';
import { replyPrivately, sentenceRefusal } from './respond';

/** The record of the interaction's user in `game`, in their language; null without a commitment or a seat. */
export function seatRecordFor(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  module: AnyGameModule,
  game: GameInfo,
  changed = false,
): string | null {
  const language = languageOfLocale(interaction.locale);
  return seatRecordText(module, game, interaction.user.id, language, gameTitle(module, language), changed);
}

/**
 * Gives the user their record privately (a follow-up when the interaction was answered already). The seat is
 * taken whatever happens to this message: a failure is logged, not shown as a failed join.
 */
export async function sendSeatRecord(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameInfo,
): Promise<void> {
  const text = seatRecordFor(interaction, module, game);
  if (!text) return;
  try {
    await replyPrivately(interaction, text);
  } catch (error) {
    context.logger.warn(
      'could not give a seat its private record',
      error instanceof Error ? error.message : error,
    );
  }
}

/** A value typed for the game's seed, checked before anything is asked of Discord or the database. */
export function typedClientSeed(interaction: ChatInputCommandInteraction): string | undefined {
  const typed = interaction.options.getString('client-seed')?.trim();
  if (typed === undefined) return undefined;
  if (!CLIENT_SEED_PATTERN.test(typed))
    throw sentenceRefusal('refusal.badClientSeed', { value: typed.slice(0, 80) });
  return typed;
}
