/**
 * Provably fair dice and cards through the real discord.js client and the fake Discord (docs/fairness.md): the
 * lobby shows the full commitment, the nonce and every seated person's value before the start; each person gets
 * the commitment and their value privately when they take a seat (a typed value through `/<game> start` or
 * `/<game> join`, a drawn one through the Join button); the seed comes from those values; the summary reveals the
 * server seed; Download log gives the log as JSON, which checks against what a player noted; and
 * `/candyland verify` checks the game in Discord and shows it when something does not match.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candylandModule, type GameState } from '../../src/games/candyland/index';
import { checkGameLog, type GameLog } from '../../src/service/index';
import {
  allComponents,
  boardShowing,
  channelGame,
  createHarness,
  runCommand,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
  waitUntil,
  type Harness,
} from './harness';
import Database from 'better-sqlite3';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type FakeUser = Harness['users']['alice'];

describe('fair dice and cards in a channel', () => {
  let h: Harness;
  let dora: FakeUser;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
    dora = h.fake.addUser({ username: 'dora', globalName: 'Dora', locale: 'de', guilds: [h.guildId] });
  });
  afterEach(async () => h.close());

  /** The private messages `user` got in the channel (their replies and follow-ups), oldest first. */
  const privateTo = (user: FakeUser) => h.fake.messages(h.channel.id).filter((m) => m.visibleTo === user.id);

  async function playToTheSummary(gameId: string, players: readonly FakeUser[]): Promise<void> {
    for (let step = 0; step < 500; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const seat = game.seats[candylandModule.rules.currentSeat(game.state as GameState)!]!;
      const player = players.find((user) => user.id === seat.userId);
      if (!player) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer');
        continue;
      }
      const board = boardShowing(h, game)!;
      const [draw] = allComponents(board);
      await h.fake.waitForResponse(
        h.fake.clickButton({ user: player, messageId: board.id, customId: draw!.custom_id! }),
      );
      await waitForVersionAfter(h, gameId, game.version, 'the draw');
    }
    await waitForSummary(h, gameId);
  }

  it('shows every value before the start, gives each seat its record, seeds from the values and verifies', async () => {
    const { alice, bob } = h.users;
    // A malformed value is refused privately, in the reader's language, before any lobby opens.
    const badStart = await runCommand(h, alice, 'start', { 'client-seed': 'my seed!' }, 'candyland');
    expect(badStart.ephemeral).toBe(true);
    expect(badStart.message?.content).toMatch(/^A value for the dice is 1 to 64 letters, digits/);
    expect(await channelGame(h)).toBeNull();

    const opened = await runCommand(
      h,
      alice,
      'start',
      { seats: 3, speed: 'fast', 'turn-limit': 2, 'client-seed': 'alice-1' },
      'candyland',
    );
    const lobbyId = opened.message!.id;
    const lobby = (await channelGame(h))!;
    const gameId = lobby.id;
    const fairness = lobby.fairness!;
    expect(fairness.commitment).toBe(sha256(fairness.serverSeed));
    expect(fairness.commitment).toMatch(/^[0-9a-f]{64}$/);

    // The host's private record: the whole commitment and the value typed.
    const hostRecord = await waitUntil(
      async () => privateTo(alice).find((m) => m.content.includes(fairness.commitment)) ?? null,
      5_000,
      "the host's record",
    );
    expect(hostRecord.content).toContain('`alice-1`');
    expect(hostRecord.content).toContain(`game ${gameId}`);
    // The lobby showed the full commitment, the nonce and the host's value before anyone else came.
    const firstLobby = [...h.fake.message(lobbyId)!.history, h.fake.message(lobbyId)!][0]!;
    const shown = JSON.stringify(firstLobby.embeds);
    expect(shown).toContain(fairness.commitment);
    expect(shown).toContain(gameId);
    expect(shown).toContain('alice-1');
    expect(shown).not.toContain(fairness.serverSeed);

    // Bob presses Join: his value is drawn, shown in the lobby and given to him privately.
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: bob, messageId: lobbyId, customId: `candyland:lobby:${gameId}:join` }),
    );
    const bobValue = (await h.service.getGame(gameId))!.seats.find((s) => s.userId === bob.id)!.clientSeed!;
    expect(bobValue).toMatch(/^[0-9a-f]{16}$/);
    const bobRecord = await waitUntil(
      async () => privateTo(bob).find((m) => m.content.includes(fairness.commitment)) ?? null,
      5_000,
      "Bob's record",
    );
    expect(bobRecord.content).toContain(`\`${bobValue}\``);
    expect(JSON.stringify(h.fake.message(lobbyId)!.embeds)).toContain(bobValue);

    // Dora (German) types a malformed value, then her own: the refusal and her record are in German.
    const refused = await runCommand(h, dora, 'join', { 'client-seed': 'nicht ok!' }, 'candyland');
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toMatch(/^Ein Wert für die Würfel besteht aus 1 bis 64 Buchstaben/);
    const joined = await runCommand(h, dora, 'join', { 'client-seed': 'dora.wert_7' }, 'candyland');
    expect(joined.ephemeral).toBe(true);
    expect(joined.message?.content).toMatch(/^Du hast Platz 3 in der .*Partie/);
    expect(joined.message?.content).toContain(fairness.commitment);
    expect(joined.message?.content).toContain('`dora.wert_7`');

    // Alice changes her value before the start.
    const changed = await runCommand(h, alice, 'join', { 'client-seed': 'alice-2' }, 'candyland');
    expect(changed.message?.content).toMatch(/^Your value for .* is now `alice-2`/);
    await waitUntil(
      async () => (JSON.stringify(h.fake.message(lobbyId)!.embeds).includes('alice-2') ? true : null),
      5_000,
      'the lobby showing every value',
    );
    const lobbyText = JSON.stringify(h.fake.message(lobbyId)!.embeds);
    for (const value of ['alice-2', bobValue, 'dora.wert_7']) expect(lobbyText).toContain(value);
    expect(lobbyText).not.toContain('alice-1');

    await h.fake.waitForResponse(
      h.fake.clickButton({ user: alice, messageId: lobbyId, customId: `candyland:lobby:${gameId}:start` }),
    );
    // The seed is HMAC-SHA256(server seed, "<game id>:<value 1>:<value 2>:<value 3>"), nothing else.
    const game = (await h.service.getGame(gameId))!;
    const message = `${gameId}:alice-2:${bobValue}:dora.wert_7`;
    expect(game.fairness?.clientSeed).toBe(message);
    expect(game.seed).toBe(createHmac('sha256', fairness.serverSeed).update(message).digest('hex'));
    const board = await waitForBoardOrEnd(h, gameId);
    const boardMessage = h.fake.message(board.boardMessageId!)!;
    expect(boardMessage.embeds[0]?.footer?.text).toContain(`seed commitment ${fairness.commitment}`);
    expect(JSON.stringify(boardMessage.embeds)).not.toContain(fairness.serverSeed);

    // While the game runs, the server seed stays secret.
    const early = await runCommand(h, alice, 'verify', {}, 'candyland');
    expect(early.message?.content).toMatch(/is not over yet: its server seed stays secret/);

    await playToTheSummary(gameId, [alice, bob, dora]);
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    const reveal = summary.embeds[0]?.fields?.find((field) => field.name === 'Fair dice and cards');
    expect(reveal?.value).toContain(fairness.serverSeed);
    expect(reveal?.value).toContain(fairness.commitment);
    expect(reveal?.value).toContain('dora.wert_7');

    // Download log: the JSON file checks out against what Dora noted (the commitment and her own value).
    const logButton = allComponents(summary).find((c) => c.custom_id === `candyland:finished:${gameId}:log`)!;
    const download = await h.fake.waitForFinal(
      h.fake.clickButton({ user: bob, messageId: summary.id, customId: logButton.custom_id! }),
    );
    expect(download.ephemeral).toBe(true);
    const file = download.message!.attachments[0]!;
    expect(file.filename).toBe(`candyland-${gameId}-log.json`);
    const log = JSON.parse(h.fake.attachmentBytes(file.id).toString('utf8')) as GameLog;
    expect(log.fairness?.clientSeeds).toEqual(['alice-2', bobValue, 'dora.wert_7']);
    const noted = /`([0-9a-f]{64})`/.exec(joined.message!.content)![1]!;
    const checked = await checkGameLog(candylandModule, log, {
      commitment: noted,
      clientSeeds: ['dora.wert_7'],
    });
    expect(checked.lines.join('\n')).toContain('Your value dora.wert_7 is one the seed was derived from');
    expect(checked.ok).toBe(true);
    // The operator, holding the server seed, republishes the game without Dora's value: her note refuses it.
    const values = ['alice-2', bobValue, 'chosen'];
    const forgedMessage = [gameId, ...values].join(':');
    const forged: GameLog = {
      ...log,
      seed: createHmac('sha256', fairness.serverSeed).update(forgedMessage).digest('hex'),
      fairness: { ...log.fairness!, clientSeed: forgedMessage, clientSeeds: values },
      seatDetails: log.seatDetails!.map((seat, index) => ({ ...seat, clientSeed: values[index] ?? null })),
    };
    const refusedLog = await checkGameLog(candylandModule, forged, {
      commitment: noted,
      clientSeeds: ['dora.wert_7'],
    });
    expect(refusedLog.ok).toBe(false);
    expect(refusedLog.lines.join('\n')).toContain(
      '❌ Your value dora.wert_7 is not one the seed was derived from',
    );

    const verified = await runCommand(h, bob, 'verify', {}, 'candyland');
    expect(verified.ephemeral).toBe(true);
    const said = verified.message!.content;
    expect(said).toContain(
      `✅ The server seed's SHA-256 is the commitment shown before the game: ${fairness.commitment}`,
    );
    expect(said).toContain(
      `✅ The game's seed is HMAC-SHA256(server seed, game ${gameId} and the seated people's`,
    );
    expect(said).toContain('dora.wert_7');
    expect(said).toMatch(/Everything matches\./);
    expect(said).not.toMatch(/❌/);

    // A value changed behind the players' backs is shown as a failed check in Discord.
    const db = new Database(h.dbFile);
    db.prepare('UPDATE seats SET client_seed = ? WHERE game_id = ? AND user_id = ?').run(
      'chosen',
      gameId,
      dora.id,
    );
    const valueCaught = (await runCommand(h, bob, 'verify', { game: gameId }, 'candyland')).message!.content;
    expect(valueCaught).toContain(`❌ The game's seed is not HMAC-SHA256(server seed, game ${gameId}`);
    expect(valueCaught).toMatch(/Something does not match: this log was changed or the game was not fair\./);
    expect(valueCaught).not.toMatch(/Everything matches/);
    db.prepare('UPDATE seats SET client_seed = ? WHERE game_id = ? AND user_id = ?').run(
      'dora.wert_7',
      gameId,
      dora.id,
    );

    // A card changed in the stored game is noticed.
    const stored = (await h.service.getGame(gameId))!.state as GameState;
    const discard = [...stored.discard];
    discard[discard.length - 1] = (discard.at(-1)! + 1) % 60;
    db.prepare('UPDATE games SET state = ? WHERE id = ?').run(JSON.stringify({ ...stored, discard }), gameId);
    db.close();
    const caught = (await runCommand(h, bob, 'verify', { game: gameId }, 'candyland')).message!.content;
    expect(caught).toMatch(/❌ The replay does not match: the final state differs at \$\.discard/);
    expect(caught).toMatch(/Something does not match/);
    expect(caught).not.toMatch(/Everything matches/);
  }, 60_000);
});
