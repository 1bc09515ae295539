/** Whether the bot can host a game where `/<game> start` was used: its permissions, and the rules of threads. */
import {
  ChannelType,
  PermissionFlagsBits,
  type ChatInputCommandInteraction,
  type PermissionsBitField,
  type ThreadChannel,
} from 'discord.js';
import { describeMissing, missingPermissionNames } from './posting-permissions';

const ELSEWHERE = 'or start the game in another channel';

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

/** The refusal to show instead of opening a lobby here, or null when a game can run here. */
export async function startRefusal(
  interaction: ChatInputCommandInteraction,
  hooks: StartCheckHooks = NO_HOOKS,
): Promise<string | null> {
  const channel = await channelOf(interaction, hooks);
  const granted = interaction.appPermissions;
  if (channel === null && interaction.guildId) {
    // Discord did not tell the bot about this channel and will not show it: typically a private thread.
    const missing = missingPermissionNames(granted);
    return `I cannot see this channel${missing.length > 0 ? ` (I am missing ${describeMissing(missing)} here)` : ''}. If it is a private thread, add me to it by mentioning me there, then start again, ${ELSEWHERE}.`;
  }
  if (!channel?.isThread()) {
    const missing = missingPermissionNames(granted);
    return missing.length > 0
      ? `I cannot run a game here: I am missing ${describeMissing(missing)} in this channel. Ask a server admin to grant ${missing.length > 1 ? 'them' : 'it'}.`
      : null;
  }
  return threadRefusal(channel, interaction, hooks);
}

/** In a thread: Send Messages in Threads (not Send Messages), membership of a private thread, not locked or archived. */
async function threadRefusal(
  thread: ThreadChannel,
  interaction: ChatInputCommandInteraction,
  hooks: StartCheckHooks,
): Promise<string | null> {
  const what = thread.parent?.type === ChannelType.GuildForum ? 'forum post' : 'thread';
  const granted = interaction.appPermissions;
  if (
    thread.type === ChannelType.PrivateThread &&
    !thread.manageable &&
    !(await isMember(thread, granted, hooks))
  ) {
    return `This is a private thread and I am not in it, so I cannot post the game here. Add me by mentioning me in the thread, then start again, ${ELSEWHERE}.`;
  }
  const missing = missingPermissionNames(granted, true);
  if (missing.length > 0) {
    const where = thread.parentId ? ` in <#${thread.parentId}>` : '';
    return `I cannot run a game in this ${what}: I am missing ${describeMissing(missing)} here. A ${what} takes its permissions from its channel: ask a server admin to grant ${missing.length > 1 ? 'them' : 'it'}${where}.`;
  }
  if (thread.locked && !thread.manageable) {
    return `This ${what} is locked: only moderators can post in it, so I cannot post the game's board. Ask a moderator to unlock it, ${ELSEWHERE}.`;
  }
  if (thread.archived) {
    return `This ${what} is archived, so I cannot post the game's board in it. Send a message in it to reopen it, then start again, ${ELSEWHERE}.`;
  }
  // Bots join the public threads they play in (as a member they keep hearing about the thread).
  if (!thread.joined && thread.joinable) {
    await hooks.beforeJoin();
    await thread.join().catch(() => undefined);
  }
  return null;
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
