/**
 * Provably fair dice and cards through the real discord.js client and the fake Discord (docs/fairness.md): the
 * lobby and the board show the commitment, the Start click's id seeds the game, the summary reveals the server
 * seed, Download log gives the log as JSON, and `/candyland verify` checks the game and notices a change.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candylandModule, type GameState } from '../../src/games/candyland/index';
import { checkGameLog, type GameLog } from '../../src/service/index';
import {
  allComponents,
  boardShowing,
  createHarness,
  startGame,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
  type Harness,
} from './harness';
import Database from 'better-sqlite3';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('fair dice and cards in a channel', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => h.close());

  async function playToTheSummary(gameId: string): Promise<void> {
    for (let step = 0; step < 500; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const seat = game.seats[candylandModule.rules.currentSeat(game.state as GameState)!]!;
      if (!seat.userId) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer');
        continue;
      }
      const board = boardShowing(h, game)!;
      const [draw] = allComponents(board);
      await h.fake.waitForResponse(
        h.fake.clickButton({ user: h.users.alice, messageId: board.id, customId: draw!.custom_id! }),
      );
      await waitForVersionAfter(h, gameId, game.version, 'the draw');
    }
    await waitForSummary(h, gameId);
  }

  it('commits in the lobby, seeds from the Start click, reveals at the end, and verifies', async () => {
    const { alice } = h.users;
    const { gameId, lobbyId } = await startGame(h, [alice], { seats: 2, speed: 'fast' }, 'candyland');
    const game = (await h.service.getGame(gameId))!;
    const fairness = game.fairness!;
    const short = fairness.commitment.slice(0, 16);
    expect(fairness.commitment).toBe(sha256(fairness.serverSeed));
    // The lobby showed the commitment before anyone pressed Start.
    const lobbyRevisions = [...h.fake.message(lobbyId)!.history, h.fake.message(lobbyId)!];
    expect(lobbyRevisions[0]?.embeds[0]?.footer?.text).toContain(`seed commitment ${short}`);
    expect(lobbyRevisions[0]?.embeds[0]?.footer?.text).not.toContain(fairness.serverSeed);
    // The seed is HMAC-SHA256(server seed, the Start click's id).
    const startClick = h.fake.interactions.find((ix) => ix.customId === `candyland:lobby:${gameId}:start`)!;
    expect(fairness.clientSeed).toBe(startClick.id);
    expect(game.seed).toBe(createHmac('sha256', fairness.serverSeed).update(startClick.id).digest('hex'));
    const board = await waitForBoardOrEnd(h, gameId);
    const boardMessage = h.fake.message(board.boardMessageId!)!;
    expect(boardMessage.embeds[0]?.footer?.text).toContain(`seed commitment ${short}`);
    expect(JSON.stringify(boardMessage.embeds)).not.toContain(fairness.serverSeed);

    // While the game runs, the server seed stays secret.
    const early = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'candyland', subcommand: 'verify' }),
    );
    expect(early.message?.content).toMatch(/is not over yet: its server seed stays secret/);

    await playToTheSummary(gameId);
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    const reveal = summary.embeds[0]?.fields?.find((field) => field.name === 'Fair dice and cards');
    expect(reveal?.value).toContain(fairness.serverSeed);
    expect(reveal?.value).toContain(short);

    // Download log: a private reply with the JSON file, which checks out.
    const logButton = allComponents(summary).find((c) => c.custom_id === `candyland:finished:${gameId}:log`)!;
    const download = await h.fake.waitForFinal(
      h.fake.clickButton({ user: h.users.bob, messageId: summary.id, customId: logButton.custom_id! }),
    );
    expect(download.ephemeral).toBe(true);
    const file = download.message!.attachments[0]!;
    expect(file.filename).toBe(`candyland-${gameId}-log.json`);
    const log = JSON.parse(h.fake.attachmentBytes(file.id).toString('utf8')) as GameLog;
    expect(log.fairness?.serverSeed).toBe(fairness.serverSeed);
    expect(log.actions.length).toBeGreaterThan(0);
    expect((await checkGameLog(candylandModule, log)).ok).toBe(true);

    const verified = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: h.users.bob, channel: h.channel, name: 'candyland', subcommand: 'verify' }),
    );
    expect(verified.ephemeral).toBe(true);
    expect(verified.message?.content).toMatch(/✅ The server seed's SHA-256 is the commitment/);
    expect(verified.message?.content).toMatch(/Everything matches\./);
    expect(verified.message?.content).not.toMatch(/❌/);

    // A card changed in the stored game is noticed.
    const stored = (await h.service.getGame(gameId))!.state as GameState;
    const discard = [...stored.discard];
    discard[discard.length - 1] = (discard.at(-1)! + 1) % 60;
    const changed = { ...stored, discard };
    const db = new Database(h.dbFile);
    db.prepare('UPDATE games SET state = ? WHERE id = ?').run(JSON.stringify(changed), gameId);
    db.close();
    const caught = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: h.users.bob,
        channel: h.channel,
        name: 'candyland',
        subcommand: 'verify',
        options: { game: gameId },
      }),
    );
    expect(caught.message?.content).toMatch(
      /❌ The replay does not match: the final state differs at \$\.discard/,
    );
    expect(caught.message?.content).not.toMatch(/Everything matches/);
  }, 60_000);
});
