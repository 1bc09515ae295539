import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allComponents,
  boardShowing,
  createHarness,
  expectEveryInteractionAnswered,
  startGame,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';

describe('bad input is answered privately and changes nothing', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('wrong user, not seated, illegal square, stale board, second game', async () => {
    const { alice, bob, carol } = h.users;
    // The classic rules keep the move menu under the public board (the standard rules' carrots are secret, so
    // their menu is private: test/bot/private-controls.e2e.test.ts).
    const { gameId } = await startGame(h, [alice, bob], { seats: 2, rules: 'classic' });
    const game = await waitForTurnOf(h, gameId, alice.id);
    const board = boardShowing(h, game)!;
    const menu = allComponents(board).find((c) => c.type === 3)!;
    const edits = () => h.fake.message(board.id)!.editCount;
    const editsBefore = edits();

    const refusals: [string, ReturnType<Harness['fake']['slashCommand']>, RegExp][] = [
      [
        'wrong user (menu)',
        h.fake.selectMenu({ user: bob, messageId: board.id, customId: menu.custom_id!, values: ['m1'] }),
        /not your turn/i,
      ],
      [
        'not seated (menu)',
        h.fake.selectMenu({ user: carol, messageId: board.id, customId: menu.custom_id!, values: ['m1'] }),
        /not (playing|in this game)/i,
      ],
      [
        'not seated (command)',
        h.fake.slashCommand({
          user: carol,
          channel: h.channel,
          name: 'hare',
          subcommand: 'move',
          options: { square: 2 },
        }),
        /not (playing|in this game)/i,
      ],
      [
        'illegal square',
        h.fake.slashCommand({
          user: alice,
          channel: h.channel,
          name: 'hare',
          subcommand: 'move',
          options: { square: 11 },
        }),
        /tortoise squares can only be reached backwards/i,
      ],
      [
        'too expensive',
        h.fake.slashCommand({
          user: alice,
          channel: h.channel,
          name: 'hare',
          subcommand: 'move',
          options: { square: 40 },
        }),
        /square 40 costs 820 carrots; you have 65/,
      ],
      [
        'second game',
        h.fake.slashCommand({
          user: carol,
          channel: h.channel,
          name: 'hare',
          subcommand: 'start',
          options: {},
        }),
        /already/i,
      ],
      [
        'eat off a lettuce',
        h.fake.slashCommand({
          user: alice,
          channel: h.channel,
          name: 'hare',
          subcommand: 'eat',
          options: {},
        }),
        /not on a lettuce square/,
      ],
    ];
    for (const [what, interaction, pattern] of refusals) {
      // The final answer: a typed move is deferred privately while the game checks it.
      const outcome = await h.fake.waitForFinal(interaction);
      expect(outcome.ephemeral, what).toBe(true);
      expect(outcome.message?.content, what).toMatch(pattern);
    }
    const after = (await h.service.getGame(gameId))!;
    expect(after.version).toBe(game.version);
    expect(after.state).toEqual(game.state);
    expect((await h.service.findActiveGameInChannel(h.channel.id))?.id).toBe(gameId);

    // Alice moves; a second click on the menu she saw (a double click) is absorbed, Bob's stale client refused.
    const move = h.fake.selectMenu({
      user: alice,
      messageId: board.id,
      customId: menu.custom_id!,
      values: ['m2'],
    });
    // The private refusals above do not move the board: the click is answered with it.
    expect((await h.fake.waitForResponse(move)).type).toBe(7);
    const moved = await waitForTurnOf(h, gameId, bob.id);
    expect(moved.version).toBe(game.version + 1);
    const oldRevision = h.fake
      .message(board.id)!
      .history.findIndex((rev) => rev.embeds[0]?.footer?.text?.includes(`· v${game.version} ·`));
    expect(oldRevision).toBeGreaterThanOrEqual(0);
    for (const user of [alice, bob]) {
      const stale = h.fake.selectMenu({
        user,
        messageId: board.id,
        customId: menu.custom_id!,
        values: ['m1'],
        seenRevision: oldRevision,
      });
      const outcome = await h.fake.waitForResponse(stale);
      if (user === alice) {
        expect(outcome.type, 'a double click is answered silently').toBe(6);
        continue;
      }
      expect(outcome.ephemeral).toBe(true);
      expect(outcome.message?.content).toMatch(/out of date/);
    }
    expect((await h.service.getGame(gameId))!.version).toBe(moved.version);
    expect(editsBefore).toBeLessThan(edits());

    const answered = expectEveryInteractionAnswered(h);
    expect(answered.slowestMs).toBeLessThan(3000);
    await waitUntil(() => h.fake.interactions.every((ix) => ix.latencyMs !== null), 2000, 'all answers');
  });

  it('refuses a control whose id was forged onto another channel or message', async () => {
    const { alice, bob, carol } = h.users;
    const other = h.fake.addTextChannel(h.guildId, 'other-table');
    const here = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'start',
        options: {},
      }),
    );
    const there = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: carol, channel: other, name: 'hare', subcommand: 'start', options: {} }),
    );
    const lobbyHere = (await h.service.findActiveGameInChannel(h.channel.id))!;
    const lobbyThere = (await h.service.findActiveGameInChannel(other.id))!;
    const forgedJoin = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: bob,
        messageId: there.message!.id,
        customId: `hare:lobby:${lobbyThere.id}:join`,
        forgedCustomId: `hare:lobby:${lobbyHere.id}:join`,
      }),
    );
    expect(forgedJoin.ephemeral).toBe(true);
    expect(forgedJoin.message?.content).toMatch(/does not belong to a game in this channel/);
    expect((await h.service.getGame(lobbyHere.id))!.seats.map((seat) => seat.userId)).toEqual([alice.id]);

    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: bob,
        messageId: here.message!.id,
        customId: `hare:lobby:${lobbyHere.id}:join`,
      }),
    );
    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: here.message!.id,
        customId: `hare:lobby:${lobbyHere.id}:start`,
      }),
    );
    const game = await waitForTurnOf(h, lobbyHere.id, alice.id);
    const oldBoard = boardShowing(h, game)!;
    // Under the standard rules the board's control is Choose your move (the moves themselves are private).
    const oldMove = allComponents(oldBoard).find((c) => c.custom_id?.includes(':choose:'))!;
    const forgedMove = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: there.message!.id,
        customId: `hare:lobby:${lobbyThere.id}:join`,
        forgedCustomId: oldMove.custom_id!,
      }),
    );
    expect(forgedMove.message?.content).toMatch(/does not belong to a game in this channel/);
    expect((await h.service.getGame(lobbyHere.id))!.version).toBe(game.version);

    // The old board survives (its delete fails) when the buried board is posted again after Alice's move.
    h.fake.failNext({ method: 'DELETE', route: `/messages/${oldBoard.id}`, status: 500, durationMs: 5000 });
    for (let i = 0; i < 4; i++)
      h.fake.postUserMessage({ user: alice, channel: h.channel, content: `chat ${i}` });
    await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        options: { square: 1 },
      }),
    );
    const moved = await waitUntil(
      async () => {
        const current = (await h.service.getGame(lobbyHere.id))!;
        return current.boardMessageId &&
          current.boardMessageId !== oldBoard.id &&
          current.version > game.version
          ? current
          : null;
      },
      5000,
      'the board posted again',
    );
    expect(h.fake.message(oldBoard.id)?.components.length).toBeGreaterThan(0);
    const newMove = allComponents(boardShowing(h, moved)!).find((c) => c.custom_id?.includes(':choose:'))!;
    const stale = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: bob,
        messageId: oldBoard.id,
        customId: oldMove.custom_id!,
        forgedCustomId: newMove.custom_id!,
      }),
    );
    expect(stale.message?.content).toMatch(/not the game’s board any more/);
    expect((await h.service.getGame(lobbyHere.id))!.version).toBe(moved.version);
  });

  it('refuses forged options with the rule they break, in a private reply within the limits', async () => {
    const start = (options: Parameters<Harness['fake']['slashCommand']>[0]['options']) =>
      h.fake.waitForResponse(
        h.fake.slashCommand({
          user: h.users.alice,
          channel: h.channel,
          name: 'hare',
          subcommand: 'start',
          options,
          forged: true,
        }),
      );
    const cases = [
      { options: { 'turn-limit': 1e9 }, refusal: /turn-limit must be from \d+ to \d+/ },
      { options: { 'turn-limit': 2.5 }, refusal: /turn-limit must be a whole number/ },
      {
        options: { 'turn-limit': { type: 'string', value: 'ten' } },
        refusal: /turn-limit must be a whole number/,
      },
      { options: { seats: { type: 'string', value: '3' } }, refusal: /seats must be a whole number/ },
      { options: { rules: 'x'.repeat(5000) }, refusal: /rules must be one of standard, classic/ },
      { options: { 'computer-level': 'grandmaster' }, refusal: /computer-level must be one of/ },
    ] as const;
    for (const { options, refusal } of cases) {
      const outcome = await start(options);
      expect(outcome.ephemeral, JSON.stringify(options).slice(0, 80)).toBe(true);
      expect(outcome.message?.content).toMatch(refusal);
      expect(outcome.message!.content.length).toBeLessThanOrEqual(2000);
    }
    expect(await h.service.findActiveGameInChannel(h.channel.id)).toBeNull();
    expectEveryInteractionAnswered(h);
  });

  it("Discord's own client does not send what the command's registration forbids", () => {
    const send = (options: Record<string, number | string>) => () =>
      h.fake.slashCommand({
        user: h.users.alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'start',
        options,
      });
    expect(send({ 'turn-limit': 1e9 })).toThrow(/out of range/);
    expect(send({ seats: 'three' })).toThrow(/not a number/);
    expect(send({ rules: 'chess' })).toThrow(/not a choice/);
  });

  it('explains a missing permission instead of failing', async () => {
    h.fake.setBotChannelPermissions(h.channel.id, { deny: ['AttachFiles'] });
    const outcome = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: h.users.alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'start',
        options: {},
      }),
    );
    expect(outcome.ephemeral).toBe(true);
    expect(outcome.message?.content).toMatch(/Attach Files/);
    expect(await h.service.findActiveGameInChannel(h.channel.id)).toBeNull();
    // The permission by the name Discord's settings show the reader.
    const german = h.fake.addUser({ username: 'jurgen', locale: 'de' });
    const inGerman = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: german,
        channel: h.channel,
        name: 'hare',
        subcommand: 'start',
        options: {},
      }),
    );
    expect(inGerman.message?.content).toMatch(/Dateien anhängen/);
    expect(inGerman.message?.content).not.toMatch(/Attach Files/);
  });

  it("autocomplete lists the caller's legal squares with their cost, filtered by what was typed", async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    await waitForTurnOf(h, gameId, alice.id);
    const ask = (user: typeof alice, value: string) =>
      h.fake.autocomplete({
        user,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        focused: 'square',
        value,
      });
    const all = await ask(alice, '');
    expect(all.length).toBeGreaterThan(5);
    expect(all.length).toBeLessThanOrEqual(25);
    expect(all[0]).toEqual({ name: '1 · hare · costs 1', value: 1 });
    expect(all.map((c) => c.name)).toContain('4 · number 3 · costs 10');
    expect(all.map((c) => c.value)).not.toContain(11);
    const typed = await ask(alice, '1');
    expect(typed.every((c) => String(c.value).startsWith('1') || c.name.includes('1'))).toBe(true);
    expect(typed.map((c) => c.value)).toContain(10);
    const notYours = await ask(bob, '');
    expect(notYours).toHaveLength(1);
    expect(notYours[0]!.name).toMatch(/It is not your turn: .+ is to play/);
  });
});
