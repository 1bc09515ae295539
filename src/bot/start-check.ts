/** Whether the bot can host a game where `/<game> start` was used: its permissions, and the rules of threads. */
import {
  ChannelType,
  PermissionFlagsBits,
  type ChatInputCommandInteraction,
  type PermissionsBitField,
  type ThreadChannel,
} from 'discord.js';
import { missingPermissionNames, permissionNamesIn } from './posting-permissions';
import { replyWords, type Language } from '../i18n/index';
import { UserFacingError, userRefusal } from './respond';

/**
 * Told before each request to Discord the checks make (they may take longer than the 3 s Discord gives the
 * answer): `beforeLookup` before one whose answer may be a refusal, `beforeJoin` before joining the thread the
 * game will be played in.
 */
export interface StartCheckHooks {
  beforeLookup(): Promise<void>;
  beforeJoin(): Promise<void>;
}

const NO_HOOKS: StartCheckHooks = { beforeLookup: async () => {}, beforeJoin: async () => {} };

/** The missing permissions' names in the reader's language, and how many. */
function namesOf(missing: readonly string[], language: Language): { names: string; count: number } {
  return { names: permissionNamesIn(missing, language).join(', '), count: missing.length };
}

/** The refusal to show instead of opening a lobby here, or null when a game can run here. */
export async function startRefusal(
  interaction: ChatInputCommandInteraction,
  hooks: StartCheckHooks = NO_HOOKS,
): Promise<UserFacingError | null> {
  const channel = await channelOf(interaction, hooks);
  const granted = interaction.appPermissions;
  if (channel === null && interaction.guildId) {
    // Discord did not tell the bot about this channel and will not show it: typically a private thread.
    const missing = missingPermissionNames(granted);
    return missing.length > 0
      ? userRefusal('start.cannotSeeMissing', (language) => namesOf(missing, language))
      : userRefusal('start.cannotSee');
  }
  if (!channel?.isThread()) {
    const missing = missingPermissionNames(granted);
    return missing.length > 0 ? userRefusal('start.missing', (language) => namesOf(missing, language)) : null;
  }
  return threadRefusal(channel, interaction, hooks);
}

/** In a thread: Send Messages in Threads (not Send Messages), membership of a private thread, not locked or archived. */
async function threadRefusal(
  thread: ThreadChannel,
  interaction: ChatInputCommandInteraction,
  hooks: StartCheckHooks,
): Promise<UserFacingError | null> {
  const what = thread.parent?.type === ChannelType.GuildForum ? 'post' : 'thread';
  const granted = interaction.appPermissions;
  if (
    thread.type === ChannelType.PrivateThread &&
    !thread.manageable &&
    !(await isMember(thread, granted, hooks))
  ) {
    return userRefusal('start.privateThread');
  }
  const missing = missingPermissionNames(granted, true);
  if (missing.length > 0) {
    const channel = thread.parentId ? `<#${thread.parentId}>` : null;
    return new PlacedRefusal(`start.${what}Missing`, missing, channel);
  }
  if (thread.locked && !thread.manageable) {
    return userRefusal(`start.${what}Locked`);
  }
  if (thread.archived) {
    return userRefusal(`start.${what}Archived`);
  }
  // Bots join the public threads they play in (as a member they keep hearing about the thread).
  if (!thread.joined && thread.joinable) {
    await hooks.beforeJoin();
    await thread.join().catch(() => undefined);
  }
  return null;
}

/** Missing permissions in a thread, "… grant them in <#channel>" in the reader's language. */
class PlacedRefusal extends UserFacingError {
  constructor(
    key: string,
    private readonly names: readonly string[],
    private readonly channel: string | null,
  ) {
    super('', key);
    this.message = this.textIn('en');
  }

  override textIn(language: Language): string {
    const t = replyWords(language);
    const where = this.channel ? t('start.where', { channel: this.channel }) : '';
    return t(this.key!, { ...namesOf(this.names, language), where });
  }
}

/** The interaction's channel from the cache, else as Discord's API shows it (null when the bot cannot see it). */
async function channelOf(interaction: ChatInputCommandInteraction, hooks: StartCheckHooks) {
  if (interaction.channel) return interaction.channel;
  if (!interaction.channelId) return null;
  await hooks.beforeLookup();
  return interaction.client.channels.fetch(interaction.channelId).catch(() => null);
}

/**
 * Whether the bot is a member of the thread; asked of Discord when the cache does not say so, or when the
 * thread is hidden from the bot (a removal from a private thread may not have reached the cache).
 */
async function isMember(
  thread: ThreadChannel,
  granted: Readonly<PermissionsBitField>,
  hooks: StartCheckHooks,
): Promise<boolean> {
  if (thread.joined && granted.has(PermissionFlagsBits.ViewChannel)) return true;
  await hooks.beforeLookup();
  return thread.members
    .fetchMe({ force: true })
    .then(() => true)
    .catch(() => false);
}
