/**
 * Which bot process wrote to which channel, and when: each process reaches the fake Discord at an address of its
 * own (FakeDiscord.apiUrlFor), so the fake's request log names it. The bench tells from this whether two
 * processes drove one game. (A recording proxy did this before: its second hop made each request cross the
 * bench's one event loop twice, and under load it delayed a third of the boards answering clicks past Discord's
 * 3 s.)
 */
import type { RestLogEntry } from '../../src/fakediscord/index';

export interface ChannelWrite {
  instance: number;
  /** The channel written to ('' for a write through an interaction token, until the bench names it). */
  channelId: string;
  method: string;
  at: number;
  /** A write through an interaction token (a webhook route): the token, to find its channel by. */
  token?: string;
}

/** The writes (every method but GET) the bot processes made to channel messages and through webhook tokens. */
export function channelWrites(requests: readonly RestLogEntry[]): ChannelWrite[] {
  const writes: ChannelWrite[] = [];
  for (const request of requests) {
    if (request.client === null || request.method === 'GET') continue;
    const at = request.receivedAt;
    const channel = /\/channels\/(\d+)\/messages/.exec(request.path);
    const webhook = /\/webhooks\/\d+\/([^/?]+)/.exec(request.path);
    if (channel)
      writes.push({ instance: request.client, channelId: channel[1]!, method: request.method, at });
    else if (webhook)
      writes.push({
        instance: request.client,
        channelId: '',
        method: request.method,
        at,
        token: webhook[1]!,
      });
  }
  return writes;
}
