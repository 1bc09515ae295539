/**
 * Which bot process wrote to which channel, and when: each process reaches the fake Discord at an address of its
 * own (FakeDiscord.apiUrlFor), so the fake's request log names it. The bench tells from this whether two
 * processes drove one game. (A recording proxy did this before: its second hop made each request cross the
 * bench's one event loop twice, and under load it held board uploads past Discord's 3 s: 327 clicks of a run
 * answered with a deferral, 25 or fewer without it.)
 */
import type { FakeDiscord } from '../../src/fakediscord/index';

export interface ChannelWrite {
  instance: number;
  /** The channel written to (through a token: its interaction's channel; '' when none is known). */
  channelId: string;
  method: string;
  at: number;
  /** A write through an interaction token (a webhook route): the token. */
  token?: string;
}

/** The writes (every method but GET) the bot processes made to channel messages and through webhook tokens. */
export function channelWrites(fake: Pick<FakeDiscord, 'requests' | 'interactions'>): ChannelWrite[] {
  // Writes through interaction tokens are the games' too: each in the channel of the token's interaction.
  const tokenChannels = new Map(fake.interactions.map((ix) => [ix.token, ix.channelId]));
  const writes: ChannelWrite[] = [];
  for (const request of fake.requests) {
    if (request.client === null || request.method === 'GET') continue;
    const write = { instance: request.client, method: request.method, at: request.receivedAt };
    const channel = /\/channels\/(\d+)\/messages/.exec(request.path);
    const token = /\/webhooks\/\d+\/([^/?]+)/.exec(request.path)?.[1];
    if (channel) writes.push({ ...write, channelId: channel[1]! });
    else if (token) writes.push({ ...write, channelId: tokenChannels.get(token) ?? '', token });
  }
  return writes;
}
