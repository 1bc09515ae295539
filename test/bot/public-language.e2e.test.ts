/**
 * A game opened in German (the host's `language` start option) speaks German in the channel through the real
 * bot: the board and its buttons and alt text, the turn mention, the public answer to /end, and the summary.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allComponents,
  channelGame,
  pressButton,
  createHarness,
  startGame,
  waitForSummary,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';

/** The labels of a message's buttons. */
function labels(message: { components: unknown[] }): (string | undefined)[] {
  return allComponents(message).map((component) => (component as { label?: string }).label);
}

describe('a game in German', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const run = (user: Harness['users']['alice'], subcommand: string) =>
    h.fake.waitForFinal(
      h.fake.slashCommand({ user, channel: h.channel, name: 'greed', subcommand, options: {} }),
    );

  it('says everything in the channel in German', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { language: 'de' }, 'greed');
    const game = await waitForTurnOf(h, gameId, alice.id);
    expect(game.options.language).toBe('de');

    const board = h.fake.message(game.boardMessageId!)!;
    expect(board.embeds[0]?.footer?.text).toMatch(/^Partie \S+ · v\d+/);
    const boardLabels = labels(board);
    // Greed has no hand: its private-view button names what it shows.
    expect(boardLabels).toContain('Mein Zug');
    expect(boardLabels).not.toContain('Meine Hand');
    const image = board.attachments.find((attachment) => attachment.filename === 'board.png')!;
    expect(image.description).toMatch(/^Spielbrett von Gier \(Greed\)\./);
    const mention = await waitUntil(
      async () =>
        h.fake.messages(h.channel.id).find((message) => message.content?.startsWith(`<@${alice.id}>`)) ??
        null,
      5000,
      'the turn mention',
    );
    expect(mention.content).toContain(`<@${alice.id}>, du bist in Gier (Greed) am Zug — `);

    const ended = await run(alice, 'end');
    expect(ended.ephemeral).toBe(false);
    // Alice plays: her end is her forfeit.
    expect(ended.message?.content).toBe(`<@${alice.id}> hat durch das Beenden der Partie aufgegeben.`);
    await waitForSummary(h, gameId);
    const summary = h.fake
      .messages(h.channel.id)
      .find((message) => message.attachments.some((attachment) => attachment.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toBe('🏁 Gier (Greed) — Alice hat aufgegeben');
    expect(summary.embeds[0]?.description).toContain(
      'Alice hat durch das Beenden der Partie aufgegeben. Die anderen nach ihrem Stand, Alice auf dem letzten Platz:',
    );
    expect(labels(summary)).toContain('Protokoll herunterladen');

    // A new lobby in German, cancelled by its host.
    const opened = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: bob,
        channel: h.channel,
        name: 'greed',
        subcommand: 'start',
        options: { language: 'de' },
      }),
    );
    const lobby = h.fake.message(opened.message!.id)!;
    expect(lobby.embeds[0]?.title).toBe('🎲 Gier (Greed) — neue Partie');
    expect(labels(lobby)).toEqual([
      'Einsteigen',
      'Aussteigen',
      'Starten',
      'Abbrechen',
      'Computer hinzufügen',
      'Computer entfernen',
    ]);
    const lobbyGame = (await channelGame(h))!;
    const pressed = await pressButton(h, bob, lobby.id, `greed:lobby:${lobbyGame.id}:cancel`);
    expect(pressed.message?.embeds[0]?.description).toBe(`Abgebrochen von <@${bob.id}>.`);
    expect(pressed.message?.embeds[0]?.footer?.text).toBe(`Partie ${lobbyGame.id}`);
  });
});
