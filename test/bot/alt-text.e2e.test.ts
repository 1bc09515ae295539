/**
 * Accessible images: every board and summary the bot posts carries an alt text (the attachment's description)
 * saying whose turn it is, where everyone stands, the last roll or card, and the result, for every game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { createHarness, type Harness, waitForSummary } from './harness';

/** What each game's alt text must say of a seat ("Steady 1: …") and of the last move. */
const LAST_MOVE: Record<string, RegExp> = {
  hare: /Latest: .*(moves|eats|takes|gives|skips|misses|falls back|receives)/,
  greed: /Latest: .*(rolls|banks|busts)/,
  candyland: /Latest: .*draws/,
  hedgehogs: /Latest: .*(places|rolls|moves|sidestep)/,
};

const escaped = (text: string) => text.replace(/[&.*+?^${}()|[\]\\]/g, '\\$&');

describe('the alt text of every image, through the fake Discord', () => {
  let h: Harness;
  beforeAll(async () => {
    // Computers 5 ms apart (25 ms at speed fast): a short game still has several board revisions, which the
    // publisher would fold into one if the moves came faster than it coalesces (20 ms).
    h = await createHarness({ aiTurnDelayMs: 25 });
  });
  afterAll(async () => h.close());

  for (const module of GAMES.all) {
    it(`describes ${module.title}'s boards and summary`, async () => {
      const lobby = await h.service.openLobby({
        game: module.key,
        guildId: h.guildId,
        channelId: h.channel.id,
        host: { id: h.users.alice.id, name: 'Alice' },
        seats: 2,
        hostSeated: false,
        speed: 'fast',
        ...(module.key === 'hare' ? { turnLimit: 6 } : {}),
      });
      await h.service.startGame(lobby.id, h.users.alice.id);
      const game = await waitForSummary(h, lobby.id, 60_000);
      const names = game.seats.map((seat) => seat.name);

      const board = h.fake.message(game.boardMessageId!)!;
      const revisions = [...board.history, board].filter((revision) => revision.attachments.length > 0);
      expect(revisions.length).toBeGreaterThan(1);
      for (const revision of revisions) {
        const [image] = revision.attachments;
        expect(image?.filename).toBe('board.png');
        const alt = image?.description ?? '';
        expect(alt.length).toBeGreaterThan(40);
        expect(alt.length).toBeLessThanOrEqual(1024);
        expect(alt).toMatch(new RegExp(`^${escaped(module.title)} board`));
        for (const name of names) expect(alt).toContain(name);
      }
      const alts = revisions.map((revision) => revision.attachments[0]!.description!);
      // The last roll or card, on every board after the first move.
      for (const alt of alts.slice(1)) expect(alt).toMatch(LAST_MOVE[module.key]!);
      // Whose turn it is, while the game runs.
      const live = alts.slice(0, -1);
      expect(
        live.every((alt) =>
          names.some(
            (name) =>
              alt.includes(`${name} to play`) ||
              alt.includes(`${name} draws next`) ||
              alt.includes(`${name} places`) ||
              alt.includes(`${name} rolled`),
          ),
        ),
        live.join('\n'),
      ).toBe(true);
      const finalAlt = revisions.at(-1)!.attachments[0]!.description!;
      expect(finalAlt).toMatch(/Places: 1st /);

      const summary = h.fake
        .messages(h.channel.id)
        .find(
          (m) =>
            m.attachments.some((a) => a.filename === 'summary.png') &&
            m.embeds[0]?.footer?.text?.includes(game.id),
        )!;
      const alt = summary.attachments[0]!.description ?? '';
      expect(alt.length).toBeLessThanOrEqual(1024);
      const winner = (await h.service.status(game.id)).placings![0]!.name;
      expect(alt).toMatch(
        new RegExp(`^${escaped(module.title)} summary: ${winner} wins\\. Places: 1st ${winner} \\(`),
      );
      for (const name of names) expect(alt).toContain(name);
    }, 90_000);
  }

  it('describes a replay step and a tool answer too', async () => {
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    const replayButton = (summary.components as { components: { custom_id?: string }[] }[])
      .flatMap((row) => row.components)
      .find((c) => c.custom_id?.includes(':finished:') && c.custom_id.endsWith(':replay'))!;
    const replay = await h.fake.waitForFinal(
      h.fake.clickButton({ user: h.users.bob, messageId: summary.id, customId: replayButton.custom_id! }),
    );
    const image = replay.message!.attachments[0]!;
    expect(image.filename).toBe('replay.png');
    expect(image.description).toMatch(/ replay, move 0 of \d+\. /);

    const simulate = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: h.users.carol,
        channel: h.channel,
        name: 'candyland',
        subcommand: 'simulate',
        options: { seats: 2, games: 500 },
      }),
      20_000,
    );
    const chart = simulate.message!.attachments[0]!;
    expect(chart.description).toMatch(/^Candy Land simulate\. /);
    expect(chart.description!.length).toBeLessThanOrEqual(1024);
  }, 30_000);
});
