import { ChannelType } from 'discord.js';
import { Errors, FormErrors } from './errors';
import type { FakeChannel, FakeThreadState } from './model';
import { hasPermissions, type PermissionName } from './permissions';
import type { FakeState } from './state';

/**
 * Discord's rules for posting where threads are involved. A thread has its parent's permissions (see
 * permissions.ts: a private thread is invisible to non-members without Manage Threads); on top of that:
 * - posting in a thread needs Send Messages in Threads (Send Messages has no effect there): 50013;
 * - a locked thread takes posts only from members with Manage Threads: 160005;
 * - a post in an archived thread (one the sender may post in) unarchives it, and the sender joins the thread;
 * - messages of an archived thread cannot be edited or deleted: 50083;
 * - a forum channel holds only threads (its posts): 50008.
 */

/** The permission that lets one post in `channel`. */
export function sendPermission(channel: FakeChannel): PermissionName {
  return channel.thread ? 'SendMessagesInThreads' : 'SendMessages';
}

/** Throws the error Discord answers a new message in `channel` with, given the sender's permissions there. */
export function checkPost(channel: FakeChannel, permissions: bigint): void {
  if (channel.type === ChannelType.GuildForum) throw Errors.nonTextChannel();
  if (!hasPermissions(permissions, sendPermission(channel))) throw Errors.missingPermissions();
  if (channel.thread?.locked && !hasPermissions(permissions, 'ManageThreads')) throw Errors.lockedThread();
}

/** After a post in a thread: an archived thread is open again and the sender is one of its members. */
export function afterPost(state: FakeState, channel: FakeChannel, userId: string): void {
  if (!channel.thread) return;
  if (channel.thread.archived) state.setThreadState(channel.id, { archived: false });
  state.addThreadMembers(channel.id, [userId]);
}

/** Throws 50083 for an edit or a deletion in an archived thread. */
export function checkChange(channel: FakeChannel): void {
  if (channel.thread?.archived) throw Errors.archivedThread();
}

/**
 * Joining a thread (PUT /channels/{id}/thread-members/@me): it must be visible (a private thread only is with
 * Manage Threads, else 50001 as for any hidden channel) and not archived (50083).
 */
export function joinThread(state: FakeState, channel: FakeChannel, userId: string): void {
  if (!hasPermissions(state.permissionsIn(channel, userId), 'ViewChannel')) throw Errors.missingAccess();
  if (!channel.thread) throw Errors.wrongChannelType();
  if (channel.thread.archived) throw Errors.archivedThread();
  state.addThreadMembers(channel.id, [userId]);
}

const ARCHIVE_DURATIONS: readonly FakeThreadState['autoArchiveDuration'][] = [60, 1440, 4320, 10080];

/**
 * Start Thread without Message (POST /channels/{id}/threads), as Discord documents it: in a text channel
 * (a thread: 50024; a forum needs a `message`: 50035), visible to the user (50001), with Create Public Threads
 * or Create Private Threads for the type asked (50013). The body: `name` (1–100 characters), optional
 * `auto_archive_duration` (60, 1440, 4320, 10080), `type` (11 public, 12 private, the default) and `invitable`
 * (private threads). The creator owns the thread and is its first member (THREAD_CREATE follows).
 */
export function startThread(
  state: FakeState,
  parent: FakeChannel,
  userId: string,
  body: unknown,
): FakeChannel {
  const permissions = state.permissionsIn(parent, userId);
  if (!hasPermissions(permissions, 'ViewChannel')) throw Errors.missingAccess();
  if (parent.thread) throw Errors.wrongChannelType();
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = new FormErrors();
  const name = typeof input.name === 'string' ? input.name.trim() : undefined;
  if (name === undefined) errors.add(['name'], 'BASE_TYPE_REQUIRED', 'This field is required');
  else if (name.length < 1 || name.length > 100)
    errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  const duration = input.auto_archive_duration ?? 1440;
  if (!ARCHIVE_DURATIONS.includes(duration as FakeThreadState['autoArchiveDuration']))
    errors.add(
      ['auto_archive_duration'],
      'BASE_TYPE_CHOICES',
      'Value must be one of (60, 1440, 4320, 10080).',
    );
  const type = input.type ?? ChannelType.PrivateThread;
  if (type !== ChannelType.PublicThread && type !== ChannelType.PrivateThread)
    errors.add(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (10, 11, 12).');
  if (parent.type === ChannelType.GuildForum)
    errors.add(['message'], 'BASE_TYPE_REQUIRED', 'This field is required');
  errors.throwIfAny();
  const isPrivate = type === ChannelType.PrivateThread;
  if (!hasPermissions(permissions, isPrivate ? 'CreatePrivateThreads' : 'CreatePublicThreads'))
    throw Errors.missingPermissions();
  return state.addThread({
    parentId: parent.id,
    name: name!,
    private: isPrivate,
    ownerId: userId,
    autoArchiveDuration: duration as FakeThreadState['autoArchiveDuration'],
    ...(isPrivate && typeof input.invitable === 'boolean' ? { invitable: input.invitable } : {}),
  });
}
