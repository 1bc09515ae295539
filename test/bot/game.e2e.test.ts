import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseAction } from '../../src/games/hare/computer/index';
import { encodeComponentId } from '../../src/bot/custom-ids';
import { encodeAction } from '../../src/games/hare/controls';
import { hareModule } from '../../src/games/hare/index';
import { seedRng, type Action, type GameState } from '../../src/games/hare/rules/index';
import type { GameRecord } from '../../src/store/index';
import {
  allComponents,
  boardShowing,
  controlsOf,
  createHarness,
  expectEveryInteractionAnswered,
  waitUntil,
  type Harness,
} from './harness';

type Mode = 'slash' | 'select' | 'button';

describe('a whole game through the real discord.js client and the fake Discord', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('lobby, joins, a computer, moves by command, menu and buttons, computers on timers, summary and stats', async () => {
    const { alice, bob, carol } = h.users;
    const start = h.fake.slashCommand({
      user: alice,
      channel: h.channel,
      name: 'hare',
      subcommand: 'start',
      options: { seats: 4, 'computer-level': 'novice', speed: 'fast', 'turn-limit': 8 },
    });
    const lobby = (await h.fake.waitForResponse(start)).message;
    expect(lobby?.embeds[0]?.title).toContain('new game');
    const gameId = ((await h.service.findActiveGameInChannel(h.channel.id)) as GameRecord).id;
    const lobbyButton = (button: string) =>
      encodeComponentId({ gameKey: 'hare', kind: 'lobby', button: button as 'join', gameId });

    for (const user of [bob, carol]) {
      const join = h.fake.clickButton({ user, messageId: lobby!.id, customId: lobbyButton('join') });
      expect((await h.fake.waitForResponse(join)).type).toBe(7);
    }
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: alice, messageId: lobby!.id, customId: lobbyButton('add-computer') }),
    );
    const lobbyText = JSON.stringify(h.fake.message(lobby!.id)?.embeds);
    expect(lobbyText).toContain(bob.id);
    expect(lobbyText).toContain(carol.id);
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: alice, messageId: lobby!.id, customId: lobbyButton('start') }),
    );

    const usersById = new Map([alice, bob, carol].map((u) => [u.id, u]));
    const used: Record<Mode, number> = { slash: 0, select: 0, button: 0 };
    const rng = seedRng('e2e-humans');
    let humanTurns = 0;
    for (;;) {
      const game = await waitUntil(
        async () => {
          const g = await h.service.getGame(gameId);
          if (!g || g.status !== 'active') return g;
          const seat = g.seats[(g.state as GameState).current];
          return seat?.kind === 'human' && boardShowing(h, g) ? g : null;
        },
        20_000,
        'a human turn on the board',
      );
      if (game.status !== 'active') break;
      const state = game.state as GameState;
      const seat = game.seats[state.current]!;
      const user = usersById.get(seat.userId!)!;
      const action: Action = chooseAction(state, 'novice', rng);
      const board = boardShowing(h, game)!;
      const position = state.seats[state.current]!.position;
      const forward = action.type === 'move' && action.to > position;
      const preferSelect = used.select <= used.slash;
      // The standard rules keep the carrots secret: the board shows Choose your move, which opens the mover's
      // controls (with their costs) privately.
      const opens = !forward || preferSelect;
      const controls = opens ? await controlsOf(h, user, board) : board;
      // Only eating a lettuce, forced by the square, stays under the board.
      const onlyEat = hareModule.rules.legalActions(state).every((legal) => legal.type === 'eat');
      if (opens) expect(controls === board).toBe(onlyEat);
      const menu = allComponents(controls).find((c) => c.type === 3);
      const inMenu = forward && menu?.options?.some((o) => o.value === `m${action.to}`);
      if (forward && preferSelect && inMenu) {
        const ix = h.fake.selectMenu({
          user,
          messageId: controls.id,
          customId: menu!.custom_id!,
          values: [`m${action.to}`],
        });
        // A move chosen on the board is answered with the board (7); the private controls are removed (6).
        expect((await h.fake.waitForResponse(ix)).type).toBe(controls === board ? 7 : 6);
        used.select++;
      } else if (forward) {
        const ix = h.fake.slashCommand({
          user,
          channel: h.channel,
          name: 'hare',
          subcommand: 'move',
          options: { square: action.to },
        });
        const outcome = await h.fake.waitForFinal(ix);
        expect(outcome.ephemeral).toBe(true);
        expect(outcome.message?.content).toMatch(/moves/);
        used.slash++;
      } else {
        const customId = encodeComponentId({
          gameKey: 'hare',
          kind: controls === board ? 'act' : 'private-act',
          gameId,
          version: game.version,
          token: encodeAction(action),
        });
        expect(allComponents(controls).map((c) => c.custom_id)).toContain(customId);
        expect(
          (await h.fake.waitForResponse(h.fake.clickButton({ user, messageId: controls.id, customId }))).type,
        ).toBe(controls === board ? 7 : 6);
        used.button++;
      }
      humanTurns++;
      await waitUntil(
        async () => ((await h.service.getGame(gameId))!.version > game.version ? true : null),
        5000,
        'the action to apply',
      );
    }

    expect(humanTurns).toBeGreaterThan(5);
    expect(used.slash).toBeGreaterThan(0);
    expect(used.select).toBeGreaterThan(0);
    const finished = (await h.service.getGame(gameId))!;
    expect(finished.status).toBe('finished');
    const summary = await h.fake.waitForMessage(
      (m) => m.attachments.some((a) => a.filename === 'summary.png'),
      10_000,
    );
    expect(summary.embeds[0]?.title).toMatch(/wins/);
    expect(summary.attachments[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    const finalBoard = h.fake.message(finished.boardMessageId!)!;
    expect(finalBoard.components).toHaveLength(0);
    expect(finalBoard.embeds[0]?.title).toMatch(/game over/);
    // A finished board keeps no live-game hint.
    expect(finalBoard.embeds[0]?.footer?.text).toBe(
      `Game ${gameId} · v${finished.version} · seed commitment ${finished.fairness!.commitment}`,
    );
    for (const user of [alice, bob, carol])
      expect((await h.service.stats(h.guildId, 'hare', user.id))?.games).toBe(1);
    const statsReply = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: bob, channel: h.channel, name: 'hare', subcommand: 'stats', options: {} }),
    );
    expect(statsReply.type).toBe(5);
    const fields = statsReply.message?.embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'Rating')?.value).toMatch(/^-?\d+\.\d \(skill \d+\.\d ± \d\.\d\)$/);
    expect(statsReply.message?.embeds[0]?.image?.url).toMatch(/\/rating\.png$/);
    const ratingChart = statsReply.message?.attachments.find((a) => a.filename === 'rating.png');
    expect(ratingChart?.data.subarray(1, 4).toString()).toBe('PNG');
    expect(ratingChart?.description).toMatch(
      /^Line chart: Bob's rating, since the first game, from 0\.0 to -?\d+\.\d \(lowest /,
    );
    const board = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: bob,
        channel: h.channel,
        name: 'hare',
        subcommand: 'leaderboard',
        options: {},
      }),
    );
    const lines = board.message?.embeds[0]?.description?.split('\n') ?? [];
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\d\. <@\d+> — rating -?\d+\.\d · \d wins? in 1 game$/);
    expect((await h.service.replayCheck(gameId)).ok).toBe(true);
    const notices = h.fake.messages(h.channel.id).filter((m) => m.content.includes('your turn'));
    expect(notices.length).toBeLessThanOrEqual(1);
    const answered = expectEveryInteractionAnswered(h);
    expect(answered.count).toBeGreaterThan(25);
    expect(answered.slowestMs).toBeLessThan(3000);
  });
});
