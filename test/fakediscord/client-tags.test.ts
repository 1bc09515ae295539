/**
 * A benchmark's processes each reach the fake at an address of their own (`apiUrlFor`): served as the plain API,
 * logged with the process's tag, from which bench:scale reads which process wrote to which channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/fakediscord/index';
import { channelWrites } from '../../scripts/bench-scale/writes';

let fake: FakeDiscord | null = null;
afterEach(async () => {
  await fake?.stop();
  fake = null;
});

const post = (url: string, content: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bot fake-token' },
    body: JSON.stringify({ content }),
  });

describe("the fake's client tags", () => {
  it('serves a tagged address as the API and names the client in the request log', async () => {
    fake = new FakeDiscord();
    await fake.start();
    const { channel } = fake.addGuild();
    const tagged = await post(`${fake.apiUrlFor(3)}/v10/channels/${channel.id}/messages`, 'from process 3');
    expect(tagged.status).toBe(200);
    const plain = await post(`${fake.apiUrl}/v10/channels/${channel.id}/messages`, 'from a test');
    expect(plain.status).toBe(200);
    const unknown = await fetch(`${fake.baseUrl}/c3/elsewhere`);
    expect(unknown.status, 'only the API is tagged').toBe(404);

    const logged = fake.requests.filter((request) => request.method === 'POST');
    expect(logged.map((request) => [request.path, request.client])).toEqual([
      [`/channels/${channel.id}/messages`, 3],
      [`/channels/${channel.id}/messages`, null],
    ]);
    expect(fake.messages(channel.id).map((message) => message.content)).toEqual([
      'from process 3',
      'from a test',
    ]);
    expect(channelWrites(fake), "bench:scale's writes are the tagged ones").toEqual([
      { instance: 3, channelId: channel.id, method: 'POST', at: logged[0]!.receivedAt },
    ]);
  });
});
