/**
 * An interaction for a server whose shard this process is connected to but does not hold (a sharded bot over
 * several processes: src/shard-process.ts). A live holder answers it itself; when there is none (the holder
 * died and its lease has not run out yet), this process acknowledges it within Discord's 3 s (a private
 * deferral for a command, a deferred update for a click) and answers it once it holds the shard, or tells the
 * reader privately why it cannot: another live process holds the shard, or the wait ran too close to the end
 * of the interaction's 15 minutes.
 */
import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
} from 'discord.js';
import type { Logger } from '../logger';
import type { ShardHandover } from '../service/shard-leases';
import { languageOfLocale, replyWords } from '../i18n/index';
import { noteOutcome } from './interaction-outcome';
import { replyPrivately } from './respond';
import { acknowledgedInTime, answeredElsewhere, claimFirst } from './answer-in-time';
import { answerAsIfFresh } from './deferred-answers';

/** Within the interaction token's 15 minutes, with time left to say so. */
export const HANDOVER_WAIT_LIMIT_MS = 14 * 60_000;

/** Acknowledges the interaction (privately, for a command); false when Discord refused it. */
async function acknowledgeFirst(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  logger: Logger,
): Promise<boolean> {
  claimFirst(interaction);
  try {
    if (interaction.isChatInputCommand()) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    else await interaction.deferUpdate();
    return true;
  } catch (error) {
    logger.debug(`interaction ${interaction.id} for an unheld shard was not ours to answer`, error);
    return false;
  }
}

/** Hands `interaction` to `answer` now, once this process holds its shard, or not at all (the holder answers). */
export async function answerWhenHeld(
  interaction: Interaction,
  guildId: string,
  handover: ShardHandover,
  logger: Logger,
  answer: () => Promise<void>,
): Promise<void> {
  // An autocomplete cannot be deferred: the holder answers it, if any.
  if (!interaction.isChatInputCommand() && !interaction.isMessageComponent()) return;
  const triage = await handover.triage(guildId);
  if (triage === 'held') return answer();
  if (triage === 'holder-answers') return answeredElsewhere(interaction);
  // Acknowledged while the triage ran (./answer-in-time.ts): its answers already continue that deferral, which
  // may still be on its way. Either way the process answers only what it acknowledged first: another process
  // connected to the shard may have come first, or the acknowledgement came too late (each logged where it failed).
  const deferredInTime = interaction.deferred;
  const ours = deferredInTime
    ? await acknowledgedInTime(interaction)
    : await acknowledgeFirst(interaction, logger);
  if (!ours) return;
  const outcome = await handover.waitFor(guildId, interaction.createdTimestamp + HANDOVER_WAIT_LIMIT_MS);
  if (outcome === 'held') {
    if (!deferredInTime) answerAsIfFresh(interaction);
    return answer();
  }
  noteOutcome(interaction, 'refused');
  const words = replyWords(languageOfLocale(interaction.locale));
  const text = words(outcome === 'elsewhere' ? 'failure.handoverElsewhere' : 'failure.handoverTimedOut');
  // At a shutdown the leases end their waits after the client has gone: the answer may no longer get out.
  await replyPrivately(interaction, text).catch((error: unknown) =>
    logger.warn(`could not answer interaction ${interaction.id} for an unheld shard`, error),
  );
}
