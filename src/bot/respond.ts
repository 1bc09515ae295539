import {
  MessageFlags,
  type AttachmentBuilder,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { isServiceError, sentence } from '../service/index';
import { isStorageUnavailable, recordStorageFailure } from '../service/index';
import type { Logger } from '../logger';
import { noteOutcome } from './interaction-outcome';
import {
  DEFAULT_LANGUAGE,
  languageOfLocale,
  replyWords,
  type Language,
  type TranslationValues,
} from '../i18n/index';

type Repliable = ChatInputCommandInteraction | MessageComponentInteraction;

/**
 * A refusal decided by the bot itself (no game in the channel, no seat…), shown to the user as is: its
 * `message` in English, and with `key` (of the replies catalogue, src/i18n/replies) in the reader's language.
 */
export class UserFacingError extends Error {
  readonly key: string | null;
  /** The key's values, or the values in a language (a game's title is said in the reader's). */
  readonly values: ReplyValues | undefined;

  constructor(message: string, key: string | null = null, values?: ReplyValues) {
    super(message);
    this.name = 'UserFacingError';
    this.key = key;
    this.values = values;
  }

  textIn(language: Language): string {
    if (!this.key) return this.message;
    const values = typeof this.values === 'function' ? this.values(language) : this.values;
    return replyWords(language)(this.key, values);
  }
}

export type ReplyValues = TranslationValues | ((language: Language) => TranslationValues);

/** The bot's refusal said by the replies catalogue's `key` (its English text is the message). */
export function userRefusal(key: string, values?: ReplyValues): UserFacingError {
  const error = new UserFacingError('', key, values);
  error.message = error.textIn('en');
  return error;
}

/** A refusal in the service's words (a fragment in the catalogue) as one sentence, in the reader's language. */
class SentenceRefusal extends UserFacingError {
  override textIn(language: Language): string {
    return sentence(super.textIn(language));
  }
}

export function sentenceRefusal(key: string, values?: TranslationValues): UserFacingError {
  const error = new SentenceRefusal('', key, values);
  error.message = error.textIn('en');
  return error;
}

/** A full (or read-only) disk: nothing was saved, so the player must not think the move counted. */
export const STORAGE_UNAVAILABLE = replyWords('en')('failure.storage');

/**
 * Players' words for a refusal in `language`: the bot's own as they are, the service's (its messages, and the
 * games' reasons for an illegal action, which are written for players) as one sentence, without a prefix of
 * their own.
 */
export function errorText(error: unknown, language: Language = DEFAULT_LANGUAGE): string {
  const t = replyWords(language);
  if (error instanceof UserFacingError) return error.textIn(language);
  if (isStorageUnavailable(error)) return t('failure.storage');
  if (!isServiceError(error)) return t('failure.unexpected');
  if (error.code === 'stale_version') return t('refusal.staleBoard');
  if (error.code === 'illegal_action') return sentence(illegalReason(error.textIn(language), language));
  return sentence(error.textIn(language));
}

/** A game's reason as a sentence: a bare fragment ("square 5 is occupied") is said to be not allowed, once. */
function illegalReason(reason: string, language: Language): string {
  const notAllowed = replyWords(language)('refusal.notAllowed', { reason: '' }).trim();
  const already = new RegExp(`^(not allowed|${escaped(notAllowed.replace(/[:：]$/, ''))})`, 'i');
  const fragment = /^\p{Ll}/u.test(reason.trim()) && !already.test(reason.trim());
  return fragment ? replyWords(language)('refusal.notAllowed', { reason: reason.trim() }) : reason;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A private reply, or a private follow-up when the interaction was already answered. */
export async function replyPrivately(
  interaction: Repliable,
  options: string | InteractionReplyOptions,
): Promise<void> {
  const body: InteractionReplyOptions = typeof options === 'string' ? { content: options } : { ...options };
  // Discord refuses content over 2,000 characters, and a refused reply leaves "This interaction failed".
  if (typeof body.content === 'string' && body.content.length > 2000)
    body.content = `${body.content.slice(0, 1999)}…`;
  const flagged = { ...body, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  const privateDeferredReply =
    interaction.isChatInputCommand() && interaction.deferred && !interaction.replied && interaction.ephemeral;
  if (privateDeferredReply) {
    const { flags: _flags, ...edit } = body;
    await interaction.editReply({ ...edit, allowedMentions: { parse: [] } });
  } else if (interaction.replied || interaction.deferred) await interaction.followUp(flagged);
  else await interaction.reply(flagged);
}

/**
 * Acknowledges a command before a request to Discord that may outlast the 3 s it gives the answer (once: later
 * calls do nothing). A private deferral is for an answer that may be a refusal, a public one for a public answer.
 */
export async function deferOnce(interaction: ChatInputCommandInteraction, privately: boolean): Promise<void> {
  if (interaction.deferred || interaction.replied) return;
  await interaction.deferReply(privately ? { flags: MessageFlags.Ephemeral } : {});
}

/** The public "thinking…" of a deferred command, not answered yet: an error must replace it, not follow it. */
function publicDeferral(interaction: Repliable): interaction is ChatInputCommandInteraction {
  return (
    interaction.isChatInputCommand() && interaction.deferred && !interaction.replied && !interaction.ephemeral
  );
}

/**
 * A private reply that carries an image: deferred first (drawing may take longer than Discord's 3 s under
 * load), then edited with the text and the picture.
 */
export async function replyPrivatelyWithImage(
  interaction: ChatInputCommandInteraction,
  content: string,
  draw: () => Promise<AttachmentBuilder>,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: content.slice(0, 2000),
    files: [await draw()],
    allowedMentions: { parse: [] },
  });
}

/**
 * Runs a handler and makes sure the interaction is answered whatever happens: refusals become a private
 * explanation, unexpected errors are logged and answered with an apology.
 */
export async function answerSafely(
  interaction: Repliable,
  logger: Logger,
  handler: () => Promise<void>,
): Promise<void> {
  try {
    await handler();
  } catch (error) {
    const refused = isServiceError(error) || error instanceof UserFacingError;
    if (isStorageUnavailable(error)) recordStorageFailure(error);
    noteOutcome(interaction, refused ? 'refused' : 'failed');
    if (!refused)
      logger.error(`interaction ${interaction.id} failed`, error, {
        guildId: interaction.guildId,
        channelId: interaction.channelId,
        userId: interaction.user.id,
      });
    const text = errorText(error, languageOfLocale(interaction.locale));
    try {
      // A public "thinking…" would otherwise stay up forever above a private follow-up.
      if (publicDeferral(interaction))
        await interaction.editReply({
          content: text,
          embeds: [],
          components: [],
          files: [],
          attachments: [],
          allowedMentions: { parse: [] },
        });
      else await replyPrivately(interaction, text);
    } catch (replyError) {
      logger.warn(
        `could not answer interaction ${interaction.id}`,
        replyError instanceof Error ? replyError.message : replyError,
      );
    }
  }
}
