/**
 * The "your turn" mention through the real discord.js client and the fake Discord: it names what the player can
 * do now, and lists what the others did since the player's own last move (not the player's own lines).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState as GreedState } from '../../src/games/greed/index';
import type { GameState as HedgehogState } from '../../src/games/hedgehogs/index';
import type { GameRecord } from '../../src/store/index';
import { channelGame, createHarness, type Harness, waitUntil } from './harness';

function seatToAct(h: Harness, game: GameRecord): number | null {
  return game.status === 'active'
    ? h.service.games.require(game.gameKey).rules.currentSeat(game.state)
    : null;
}

/** The game once one of `seats` is to act, or once it has ended. */
function waitForSeat(h: Harness, gameId: string, ...seats: number[]): Promise<GameRecord> {
  return waitUntil(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      const seat = seatToAct(h, game);
      // A game that ended meanwhile is returned too: nobody's turn comes again (the caller tells the two apart).
      return game.status !== 'active' || (seat !== null && seats.includes(seat)) ? game : null;
    },
    15_000,
    `the turn of seat ${seats.join(' or ')}`,
  );
}

/** Opens a lobby of `game` for Alice, with a computer in the second seat and Bob in the third, and starts it. */
async function aliceComputerBob(h: Harness, game: string, options: Record<string, string | number>) {
  const { alice, bob } = h.users;
  const opened = await h.fake.waitForResponse(
    h.fake.slashCommand({
      user: alice,
      channel: h.channel,
      name: game,
      subcommand: 'start',
      options: { seats: 3, speed: 'fast', ...options },
    }),
  );
  const gameId = (await channelGame(h))!.id;
  const press = (user: typeof alice, button: string) =>
    h.fake.waitForResponse(
      h.fake.clickButton({
        user,
        messageId: opened.message!.id,
        customId: `${game}:lobby:${gameId}:${button}`,
      }),
    );
  await press(alice, 'add-computer');
  await press(bob, 'join');
  await press(alice, 'start');
  return gameId;
}

/** The turn mention of the turn that began at the game's current version. */
function mentionOfTurn(h: Harness, game: GameRecord, seat: number): Promise<string> {
  return mentionOrMovedOn(h, game, seat, false) as Promise<string>;
}

/**
 * The turn mention of `seat` at the game's version; with `movedOn`, '' when the game moved past that version
 * first (a draw played for the player after its delay can come before the mention is posted, which then
 * mentions the next turn instead).
 */
function mentionOrMovedOn(h: Harness, game: GameRecord, seat: number, movedOn: boolean): Promise<string> {
  return waitUntil(
    async () => {
      const now = (await h.service.getGame(game.id))!;
      if (now.turnNoticeKey !== `n${seat}.${game.version}.${game.id}` || !now.turnNoticeMessageId)
        return movedOn && now.version > game.version ? '' : null;
      const message = h.fake.message(now.turnNoticeMessageId);
      return message && !message.deleted ? message.content : null;
    },
    10_000,
    'the turn mention',
  );
}

function sinceLines(mention: string): string[] {
  const [, since = ''] = mention.split('Since your last turn:\n');
  return since.split('\n').filter((line) => line.startsWith('• '));
}

describe('the turn mention', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('Greed, two humans and a computer: the hint fits the moment, and it lists what the others did', async () => {
    const { alice, bob } = h.users;
    // Seats: Alice, the computer, Bob.
    const gameId = await aliceComputerBob(h, 'greed', { 'computer-level': 'steady', entry: 0 });
    const computer = (await h.service.getGame(gameId))!.seats[1]!.name;

    const first = await waitForSeat(h, gameId, 0);
    const firstMention = await mentionOfTurn(h, first, 0);
    expect(firstMention).toMatch(/press \*\*Roll 5 dice\*\* under the board or use `\/greed roll`\./);
    expect(firstMention).not.toContain('/greed stop');

    /** One roll, and a stop when it scored. */
    const playTurn = async (userId: string, seat: number) => {
      let game = (await h.service.getGame(gameId))!;
      game = (await h.service.act(gameId, userId, { type: 'roll' }, game.version)).game;
      const state = game.state as GreedState;
      if (state.current === seat && state.rolled)
        await h.service.act(gameId, userId, { type: 'stop' }, game.version);
    };
    await playTurn(alice.id, 0);
    const bobsTurn = await waitForSeat(h, gameId, 2);
    const bobsMention = await mentionOfTurn(h, bobsTurn, 2);
    expect(bobsMention).toContain(`<@${bob.id}>`);
    const toBob = sinceLines(bobsMention);
    expect(toBob.some((line) => line.startsWith(`• ${computer} `))).toBe(true);
    // The latest six lines: Alice's come first, so a computer's turn of six rolls and more leaves them out.
    expect(toBob.length).toBeLessThanOrEqual(6);
    if (!toBob.some((line) => line.startsWith('• Alice ')))
      expect(toBob.filter((line) => line.startsWith(`• ${computer} `))).toHaveLength(6);

    await playTurn(bob.id, 2);
    const again = await waitForSeat(h, gameId, 0);
    const toAlice = sinceLines(await mentionOfTurn(h, again, 0));
    expect(toAlice.length).toBeGreaterThan(1);
    expect(toAlice.filter((line) => line.startsWith('• Alice '))).toEqual([]);
    expect(toAlice.some((line) => line.startsWith('• Bob '))).toBe(true);
    expect(toAlice.some((line) => line.startsWith(`• ${computer} `))).toBe(true);
    const bobsLast = (await h.service.history(gameId)).findLast((entry) => entry.seat === 2)!.lines.at(-1);
    expect(toAlice.at(-1)).toBe(`• ${bobsLast}`);
  });

  it('Hedgehogs: during play it names the command of the phase, never `/hedgehogs place`', async () => {
    const { alice } = h.users;
    const opened = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hedgehogs',
        subcommand: 'start',
        options: { seats: 2, 'computer-level': 'novice', speed: 'fast' },
      }),
    );
    const gameId = (await channelGame(h))!.id;
    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: opened.message!.id,
        customId: `hedgehogs:lobby:${gameId}:start`,
      }),
    );
    let checked = 0;
    for (let turn = 0; turn < 60 && checked < 3; turn++) {
      const game = await waitForSeat(h, gameId, 0);
      const state = game.state as HedgehogState;
      const mention = await mentionOfTurn(h, game, 0);
      if (state.phase === 'place') expect(mention).toContain('`/hedgehogs place`');
      else {
        expect(mention).not.toContain('/hedgehogs place');
        expect(mention).toContain(`\`/hedgehogs ${state.phase}\``);
        checked += 1;
      }
      // Alice plays her whole turn (a sidestep is followed by her forward move).
      let now = game;
      while ((now.state as HedgehogState).current === 0 && now.status === 'active') {
        const [action] = h.service.games.require('hedgehogs').rules.legalActions(now.state);
        now = (await h.service.act(gameId, alice.id, action, now.version)).game;
      }
    }
    expect(checked).toBe(3);
  });

  it('Candy Land: a draw played for a player after its delay is theirs, not listed back to them', async () => {
    const { alice } = h.users;
    const checked = { alice: 0, bob: 0 };
    // A game can end within a few draws (a picture card near the castle): another is opened until both are checked.
    for (let games = 0; games < 3 && (checked.alice < 2 || checked.bob < 2); games++) {
      const gameId = await aliceComputerBob(h, 'candyland', {});
      for (let turn = 0; turn < 40 && (checked.alice < 2 || checked.bob < 2); turn++) {
        const game = await waitForSeat(h, gameId, 0, 2);
        if (game.status !== 'active') break;
        const seat = seatToAct(h, game)!;
        const mention = await mentionOrMovedOn(h, game, seat, true);
        if (mention === '') continue;
        const since = sinceLines(mention);
        const history = await h.service.history(gameId);
        const ownLast = history.findLast((entry) => entry.seat === seat);
        const latest = history.at(-1);
        if (ownLast && latest && latest.seat !== seat) {
          expect(since.filter((line) => ownLast.lines.includes(line.slice(2)))).toEqual([]);
          expect(since.at(-1)).toBe(`• ${latest.lines.at(-1)}`);
          checked[seat === 0 ? 'alice' : 'bob'] += 1;
        }
        // Alice draws; Bob's card is drawn for him after the game's delay.
        if (seat === 0) await h.service.act(gameId, alice.id, { type: 'draw' }, game.version);
        else
          await waitUntil(
            async () => (await h.service.getGame(gameId))!.version > game.version,
            10_000,
            "Bob's draw",
          );
      }
    }
    expect(checked).toEqual({ alice: 2, bob: 2 });
  }, 120_000);
});
