/**
 * A turn mention posted as an interaction follow-up, and the bot killed before it recorded it (issue 43): Discord
 * finds no follow-up by a nonce, so the restarted bot looks for it among the channel's messages, deletes the
 * leftover and posts the mention once: the channel never keeps two.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import { channelGame, createHarness, waitUntil, type Harness } from './harness';

const FOLLOW_UP = /^\/webhooks\/\d+\/[^/]+$/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a follow-up the bot never recorded', () => {
  it.each(['before', 'after'] as const)(
    'killed %s Discord posted it: one turn mention after the restart',
    async (when) => {
      h = await createHarness({
        games: createRegistry([tinyModule]),
        aiTurnDelayMs: 30,
        interactionTokens: true,
      });
      const { alice } = h.users;
      const opened = await h.fake.waitForFinal(
        h.fake.slashCommand({
          user: alice,
          channel: h.channel,
          name: 'tiny',
          subcommand: 'start',
          options: { seats: 2 },
        }),
      );
      const gameId = (await channelGame(h))!.id;
      const press = (button: string) =>
        h!.fake.waitForResponse(
          h!.fake.clickButton({
            user: alice,
            messageId: opened.message!.id,
            customId: `tiny:lobby:${gameId}:${button}`,
          }),
        );
      await press('add-computer');
      const crash = h.fake.crashAt({ method: 'POST', route: FOLLOW_UP, body: /your turn in/, when });
      await press('start');
      await crash.hit;
      await h.crashRestart();
      // The fake holds the dead bot's writes through its interaction tokens; the new process may use them.
      h.fake.reviveInteractionTokens();

      const mentions = () =>
        h!.fake.messages(h!.channel.id).filter((message) => /<@\d+>/.test(message.content));
      const game = await waitUntil(
        async () => {
          const now = (await h!.service.getGame(gameId))!;
          return now.turnNoticeMessageId && mentions().length === 1 ? now : null;
        },
        15_000,
        'one turn mention, recorded',
      );
      expect(mentions().map((message) => message.id)).toEqual([game.turnNoticeMessageId]);
      // Nothing left in the outbox, and the mention stays the only one.
      await waitUntil(
        async () => (await h!.service.outbox.pendingFor(gameId)).length === 0,
        10_000,
        'the outbox',
      );
      await new Promise((done) => setTimeout(done, 300));
      expect(mentions()).toHaveLength(1);
    },
    60_000,
  );
});
