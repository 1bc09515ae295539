/**
 * An interaction token lives 15 minutes; after that Discord answers its webhook routes 401 (code 50027). A 401 to
 * a request that carried the bot's token makes @discordjs/rest forget that token, so no request of the bot's
 * may carry it on an interaction-token route: after any such 401 the bot must still post and edit in a channel.
 */
import { ChannelType, type Client } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import {
  allComponents,
  channelGame,
  createHarness,
  playTinyByButtons,
  waitUntil,
  type Harness,
} from './harness';

const TOKEN_LIFETIME_MS = 15 * 60_000;
const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;
const WEBHOOK = /^\/webhooks\/\d+\/[^/]+(\/|$)/;

/** The bot's own client posts a message in the harness's channel and edits it (both need the bot's token). */
async function postAndEdit(h: Harness, client: Client): Promise<void> {
  const channel = await client.channels.fetch(h.channel.id);
  if (!channel || channel.type !== ChannelType.GuildText)
    throw new Error('the channel is not a text channel');
  const message = await channel.send('still here');
  await message.edit('still here, edited');
  expect(h.fake.message(message.id)?.content).toBe('still here, edited');
}

/** Requests on interaction-token routes that carried the bot's Authorization header. */
function authorizedTokenRequests(h: Harness): string[] {
  return h.fake.requests
    .filter((entry) => entry.authorized && (WEBHOOK.test(entry.path) || CALLBACK.test(entry.path)))
    .map((entry) => `${entry.method} ${entry.route ?? entry.path}`);
}

describe('a 401 on an interaction-token route', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('a restart more than 15 minutes after a lobby reply it never recorded: the bot still posts and edits', async () => {
    const { alice, bob } = h.users;
    // Killed just after Discord posted the lobby reply: the outbox keeps the reply, without its message id.
    const crash = h.fake.crashAt({ method: 'POST', route: CALLBACK, when: 'after' });
    const opened = h.fake.slashCommand({
      user: alice,
      channel: h.channel,
      name: 'tiny',
      subcommand: 'start',
      options: { seats: 2, target: 3 },
    });
    await crash.hit;
    // The restart comes after the token's 15 minutes: reading the reply by its token gets 401 / 50027.
    h.fake.ageInteraction(opened, TOKEN_LIFETIME_MS + 1000);
    const seq = h.fake.requests.length;
    await h.crashRestart();
    await waitUntil(
      () => h.fake.requests.some((entry) => entry.seq > seq && entry.errorCode === 50027),
      5000,
      'the reply looked for by its expired token',
    );
    await postAndEdit(h, h.bot.client);

    const gameId = (await channelGame(h))!.id;
    await waitUntil(async () => (await h.service.getGame(gameId))!.boardMessageId, 8000, 'the lobby settled');
    const lobby = (await h.service.getGame(gameId))!;
    const reply = h.fake.message(lobby.boardMessageId!)!;
    expect(allComponents(reply).some((c) => c.custom_id === `tiny:lobby:${gameId}:join`)).toBe(true);
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: bob, messageId: reply.id, customId: `tiny:lobby:${gameId}:join` }),
    );
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: alice, messageId: reply.id, customId: `tiny:lobby:${gameId}:start` }),
    );
    // The game posts its turn mentions and summary in the channel with the bot's token.
    await playTinyByButtons(h, gameId, [alice, bob]);
    await waitUntil(async () => (await h.service.getGame(gameId))!.summaryPosted, 8000, 'the summary');
    expect(authorizedTokenRequests(h)).toEqual([]);
  });

  it('the edits of deferred answers refused with 401: the bot still posts and edits, and a game plays', async () => {
    const { alice, bob } = h.users;
    const refused = h.fake.failNext({ route: WEBHOOK, status: 401, durationMs: 60_000 });
    // Deferred, then filled in through the token (PATCH @original): refused, and the error's edit too.
    await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'tiny', subcommand: 'stats' }),
    );
    await waitUntil(() => refused.hits >= 2, 5000, 'the answer and the error refused');
    refused.cancel();
    await postAndEdit(h, h.bot.client);

    const opened = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'tiny',
        subcommand: 'start',
        options: { seats: 2, target: 3 },
      }),
    );
    const gameId = (await channelGame(h))!.id;
    const lobby = opened.message!.id;
    for (const [user, button] of [
      [bob, 'join'],
      [alice, 'start'],
    ] as const)
      await h.fake.waitForResponse(
        h.fake.clickButton({ user, messageId: lobby, customId: `tiny:lobby:${gameId}:${button}` }),
      );
    await playTinyByButtons(h, gameId, [alice, bob]);
    await waitUntil(async () => (await h.service.getGame(gameId))!.summaryPosted, 8000, 'the summary');
    expect(authorizedTokenRequests(h)).toEqual([]);
  });
});
