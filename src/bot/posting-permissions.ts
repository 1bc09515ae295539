import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import { messageWords, type Language } from '../i18n/index';

/** What the bot needs to run a game in a channel, by the name Discord's settings show. */
export const REQUIRED_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Attach Files', PermissionFlagsBits.AttachFiles],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
] as const;

/** The same in a thread (or forum post), where Send Messages has no effect: posting takes Send Messages in Threads. */
export const THREAD_REQUIRED_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages in Threads', PermissionFlagsBits.SendMessagesInThreads],
  ['Attach Files', PermissionFlagsBits.AttachFiles],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
] as const;

/** The required permissions `granted` lacks, by name (all of them when nothing is known). */
export function missingPermissionNames(
  granted: Readonly<PermissionsBitField> | null,
  inThread = false,
): string[] {
  const required = inThread ? THREAD_REQUIRED_PERMISSIONS : REQUIRED_PERMISSIONS;
  return required.filter(([, bit]) => !granted?.has(bit)).map(([name]) => name);
}

/** The catalogue's key of each permission the bot needs, by its English name. */
const PERMISSION_KEYS: Readonly<Record<string, string>> = {
  'View Channel': 'viewChannel',
  'Send Messages': 'sendMessages',
  'Send Messages in Threads': 'sendMessagesInThreads',
  'Attach Files': 'attachFiles',
  'Embed Links': 'embedLinks',
};

/** The permissions' names as Discord's settings show them in `language` ("Dateien anhängen"). */
export function permissionNamesIn(names: readonly string[], language: Language): string[] {
  const t = messageWords(language);
  return names.map((name) => {
    const key = PERMISSION_KEYS[name];
    return key ? t(`paused.permissions.${key}`) : name;
  });
}

/** "**Attach Files**" or "**Attach Files, Embed Links**" with the right noun. */
export function describeMissing(names: readonly string[]): string {
  return `the permission${names.length > 1 ? 's' : ''} **${names.join(', ')}**`;
}
