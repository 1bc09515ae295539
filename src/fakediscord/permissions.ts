import { PermissionFlagsBits } from 'discord.js';

/** A permission by its discord.js name, e.g. `'SendMessages'`, `'ManageMessages'`. */
export type PermissionName = keyof typeof PermissionFlagsBits;

/** Every permission bit Discord knows (what an administrator or the guild owner has). */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** What @everyone gets in a fresh guild (a subset of Discord's defaults that matters for text channels). */
export const DEFAULT_EVERYONE_PERMISSIONS: readonly PermissionName[] = [
  'ViewChannel',
  'SendMessages',
  'SendMessagesInThreads',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'AddReactions',
  'UseExternalEmojis',
  'UseApplicationCommands',
  'CreatePublicThreads',
];

/** What the bot's managed role gets by default (what the invite link of a board-game bot would ask for). */
export const DEFAULT_BOT_PERMISSIONS: readonly PermissionName[] = [
  'ViewChannel',
  'SendMessages',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'UseExternalEmojis',
  'AddReactions',
];

export function permissionBits(names: readonly PermissionName[]): bigint {
  return names.reduce((bits, name) => bits | PermissionFlagsBits[name], 0n);
}

export function permissionNames(bits: bigint): PermissionName[] {
  return (Object.keys(PermissionFlagsBits) as PermissionName[]).filter(
    (name) => (bits & PermissionFlagsBits[name]) !== 0n,
  );
}

export function hasPermissions(bits: bigint, ...names: PermissionName[]): boolean {
  const wanted = permissionBits(names);
  return (bits & wanted) === wanted;
}

/** One channel permission overwrite (type 0 = role, 1 = member). */
export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

/** What the permission computation needs to know about one member in one channel. */
export interface PermissionContext {
  guildId: string;
  ownerId: string;
  userId: string;
  /** Permissions of @everyone (the role whose id is the guild id). */
  everyonePermissions: bigint;
  /** Role ids of the member (without @everyone) and their permissions. */
  memberRoles: ReadonlyMap<string, bigint>;
  /** Overwrites of the channel (of a thread's parent for a thread), or none for guild-level permissions. */
  overwrites: readonly Overwrite[];
  /** Set for a thread: whether it is private and whether the member has joined it. */
  thread?: { private: boolean; member: boolean };
}

/** Guild-level permissions: @everyone plus all roles, everything for owner and administrators. */
export function computeBasePermissions(ctx: PermissionContext): bigint {
  if (ctx.userId === ctx.ownerId) return ALL_PERMISSIONS;
  let bits = ctx.everyonePermissions;
  for (const roleBits of ctx.memberRoles.values()) bits |= roleBits;
  return (bits & PermissionFlagsBits.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
}

/**
 * Channel permissions the way Discord computes them: base permissions, then the @everyone overwrite, then all
 * role overwrites together, then the member overwrite; finally the implicit rules (no ViewChannel: nothing;
 * no SendMessages: no mentions/TTS/files/embeds).
 *
 * A thread has its parent's permissions (pass the parent's overwrites), with two differences: a private thread
 * is invisible (nothing) to a non-member without ManageThreads, and what sending allows (files, embeds...)
 * follows SendMessagesInThreads, since SendMessages has no effect in threads.
 */
export function computeChannelPermissions(ctx: PermissionContext): bigint {
  const base = computeBasePermissions(ctx);
  if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  let bits = applyOverwrite(
    base,
    ctx.overwrites.find((o) => o.type === 0 && o.id === ctx.guildId),
  );
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const overwrite of ctx.overwrites) {
    if (overwrite.type !== 0 || !ctx.memberRoles.has(overwrite.id)) continue;
    roleAllow |= overwrite.allow;
    roleDeny |= overwrite.deny;
  }
  bits = (bits & ~roleDeny) | roleAllow;
  bits = applyOverwrite(
    bits,
    ctx.overwrites.find((o) => o.type === 1 && o.id === ctx.userId),
  );
  if (!ctx.thread) return applyImplicitRules(bits, PermissionFlagsBits.SendMessages);
  const hidden =
    ctx.thread.private && !ctx.thread.member && (bits & PermissionFlagsBits.ManageThreads) === 0n;
  return hidden ? 0n : applyImplicitRules(bits, PermissionFlagsBits.SendMessagesInThreads);
}

function applyOverwrite(bits: bigint, overwrite: Overwrite | undefined): bigint {
  return overwrite ? (bits & ~overwrite.deny) | overwrite.allow : bits;
}

/** `sendBit`: the permission that lets one post here (SendMessages, or SendMessagesInThreads in a thread). */
function applyImplicitRules(bits: bigint, sendBit: bigint): bigint {
  if ((bits & PermissionFlagsBits.ViewChannel) === 0n) return 0n;
  if ((bits & sendBit) === 0n) {
    const needSend = permissionBits(['MentionEveryone', 'SendTTSMessages', 'AttachFiles', 'EmbedLinks']);
    return bits & ~needSend;
  }
  return bits;
}
