import {
  MessageFlags,
  type AttachmentBuilder,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { isServiceError, sentence } from '../service/index';
import { isStorageUnavailable, recordStorageFailure } from '../store/index';
import type { Logger } from '../logger';
import { noteOutcome } from './interaction-outcome';

type Repliable = ChatInputCommandInteraction | MessageComponentInteraction;

/** A refusal decided by the bot itself (no game in the channel, no seat…), shown to the user as is. */
export class UserFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/** A full (or read-only) disk: nothing was saved, so the player must not think the move counted. */
export const STORAGE_UNAVAILABLE =
  "I can't save games right now (my storage is full or failing), so nothing was changed. Please try again later; the host has been told.";

/**
 * Players' words for a refusal: the bot's own as they are, the service's (its messages, and the games' reasons
 * for an illegal action, which are written for players) as one sentence, without a prefix of their own.
 */
export function errorText(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  if (isStorageUnavailable(error)) return STORAGE_UNAVAILABLE;
  if (!isServiceError(error)) return 'Something went wrong on my side; please try again.';
  if (error.code === 'stale_version')
    return 'That board is out of date: the game has moved on. Use the controls under the latest board.';
  if (error.code === 'illegal_action') return sentence(illegalReason(error.message));
  return sentence(error.message);
}

/** A game's reason as a sentence: a bare fragment ("square 5 is occupied") is said to be not allowed, once. */
function illegalReason(reason: string): string {
  const fragment = /^[a-z]/.test(reason.trim()) && !/^not allowed/i.test(reason.trim());
  return fragment ? `Not allowed: ${reason.trim()}` : reason;
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
    try {
      // A public "thinking…" would otherwise stay up forever above a private follow-up.
      if (publicDeferral(interaction))
        await interaction.editReply({
          content: errorText(error),
          embeds: [],
          components: [],
          files: [],
          attachments: [],
          allowedMentions: { parse: [] },
        });
      else await replyPrivately(interaction, errorText(error));
    } catch (replyError) {
      logger.warn(
        `could not answer interaction ${interaction.id}`,
        replyError instanceof Error ? replyError.message : replyError,
      );
    }
  }
}
