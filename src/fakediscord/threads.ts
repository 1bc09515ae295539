import { ChannelType } from 'discord.js';
import { Errors } from './errors';
import type { FakeChannel } from './model';
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
