import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hare/rules/index';
import { randomGameId } from '../../src/service/new-lobby';
import { ALICE, BOB, CAROL, GUILD, expectRefused, makeHarness, openGame, type Harness } from './helpers';

describe('lobbies', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('opens with the host in seat 0 and the defaults', async () => {
    h = await makeHarness();
    const game = await h.service.openLobby({ game: 'hare', guildId: GUILD, channelId: 'c1', host: ALICE });
    expect(game.id).toMatch(/^[0-9a-z]{8}$/);
    // The harness numbers its games (fixed seeds); the service's own ids are 8 random base-36 characters.
    expect(randomGameId()).toMatch(/^[0-9a-z]{8}$/);
    expect(randomGameId()).not.toBe(randomGameId());
    expect(game).toMatchObject({
      status: 'lobby',
      hostId: ALICE.id,
      gameKey: 'hare',
      version: 0,
      state: null,
    });
    expect(game.options).toMatchObject({
      seats: 4,
      computerLevel: 'intermediate',
      idlePolicy: 'computer',
      turnLimit: null,
      game: { rules: 'standard' },
    });
    expect(game.options.aiDelayMs).toBe(1500);
    // The host's value for the seed, drawn (the harness numbers them) and shown in the lobby.
    expect(game.seats).toEqual([
      {
        index: 0,
        kind: 'human',
        userId: ALICE.id,
        level: null,
        name: 'Alice',
        left: false,
        clientSeed: 'value-1',
      },
    ]);
    // The lobby commits to its server seed; the game's seed is derived from it at the start.
    expect(game.fairness?.serverSeed).toBe('seed-1');
    expect(game.seed).toBe('');
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened']);
  });

  it('scales the computer delay with the speed', async () => {
    h = await makeHarness({ config: { aiTurnDelayMs: 1000 } });
    expect((await openGame(h, 'fast', { speed: 'fast' })).options.aiDelayMs).toBe(200);
    expect((await openGame(h, 'slow', { speed: 'slow' })).options.aiDelayMs).toBe(3000);
  });

  it('joins, adds and removes computers, and starts with the empty seats filled', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1', { seats: 5, computerLevel: 'novice' });
    await h.service.join(lobby.id, BOB);
    await h.service.addComputer(lobby.id, ALICE.id, 'advanced');
    await h.service.addComputer(lobby.id, ALICE.id);
    const afterRemove = await h.service.removeComputer(lobby.id, ALICE.id);
    expect(afterRemove.seats.map((s) => [s.kind, s.level])).toEqual([
      ['human', null],
      ['human', null],
      ['computer', 'advanced'],
    ]);
    // Removing a computer shrinks the table to the players and computers present: Start fills no seat again.
    expect(afterRemove.options.seats).toBe(3);
    const update = await h.service.startGame(lobby.id, ALICE.id);
    expect(update.cause).toBe('started');
    expect(update.game.status).toBe('active');
    expect(update.game.version).toBe(1);
    expect((update.state as GameState).seats).toHaveLength(3);
    expect(update.game.seats.map((s) => s.name)).toEqual(['Alice', 'Bob', 'Advanced 1']);
    expect(update.next).toMatchObject({ seat: 0, human: true, userId: ALICE.id });
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual([
      'opened',
      'joined',
      'computer-added',
      'computer-added',
      'computer-removed',
      'started',
    ]);
  });

  it('names computers by level and number, or "Computer <n>" when the game has a single level', async () => {
    h = await makeHarness();
    const hare = await openGame(h, 'c1', { seats: 3, computerLevel: 'novice' });
    await h.service.addComputer(hare.id, ALICE.id, 'intermediate');
    expect((await h.service.startGame(hare.id, ALICE.id)).game.seats.map((s) => s.name)).toEqual([
      'Alice',
      'Intermediate 1',
      'Novice 2',
    ]);
    const candy = await openGame(h, 'c2', { game: 'candyland', seats: 3 });
    await h.service.addComputer(candy.id, ALICE.id);
    expect((await h.service.startGame(candy.id, ALICE.id)).game.seats.map((s) => s.name)).toEqual([
      'Alice',
      'Computer 1',
      'Computer 2',
    ]);
  });

  it("a player's Join takes the seat of a computer when the lobby is full (the last one added goes)", async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1', { seats: 3 });
    await h.service.addComputer(lobby.id, ALICE.id, 'novice');
    await h.service.addComputer(lobby.id, ALICE.id, 'advanced');
    const joined = await h.service.join(lobby.id, BOB);
    expect(joined.seats.map((s) => [s.index, s.name])).toEqual([
      [0, 'Alice'],
      [1, 'Novice 1'],
      [2, 'Bob'],
    ]);
    const full = await h.service.join(lobby.id, CAROL);
    expect(full.seats.map((s) => s.name)).toEqual(['Alice', 'Carol', 'Bob']);
    expect(h.lobbyUpdates.slice(-2).map((u) => [u.change, u.userId])).toEqual([
      ['joined', BOB.id],
      ['joined', CAROL.id],
    ]);
    await expectRefused(h, 'lobby_full', () => h.service.join(lobby.id, { id: '400', name: 'Dan' }));
  });

  it('a rematch of a game with computers keeps a seat for the other players: their Join replaces a computer', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1', { seats: 3, turnLimit: 1 });
    await h.service.join(lobby.id, BOB);
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.endGame(lobby.id, ALICE.id);
    const rematch = await h.service.rematch(lobby.id, ALICE);
    expect(rematch.seats.map((s) => s.kind)).toEqual(['human', 'computer']);
    const joined = await h.service.join(rematch.id, BOB);
    expect(joined.seats.map((s) => s.kind)).toEqual(['human', 'computer', 'human']);
    const carol = await h.service.join(rematch.id, CAROL);
    expect(carol.seats.map((s) => s.name)).toEqual(['Alice', 'Carol', 'Bob']);
  });

  it('a player leaving the lobby frees the seat; the host leaving passes the host on', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1');
    await h.service.join(lobby.id, BOB);
    await h.service.join(lobby.id, CAROL);
    const afterBob = await h.service.leave(lobby.id, BOB.id);
    expect(afterBob.seats.map((s) => [s.index, s.userId])).toEqual([
      [0, ALICE.id],
      [1, CAROL.id],
    ]);
    const afterHost = await h.service.leave(lobby.id, ALICE.id);
    expect(afterHost.hostId).toBe(CAROL.id);
    expect(afterHost.status).toBe('lobby');
    expect(afterHost.seats.map((s) => [s.index, s.userId])).toEqual([[0, CAROL.id]]);
    expect(h.lobbyUpdates.slice(-2).map((u) => [u.change, u.userId])).toEqual([
      ['left', ALICE.id],
      ['host-changed', CAROL.id],
    ]);
  });

  it('the host leaving a lobby with no other human cancels it and frees the channel', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1');
    await h.service.addComputer(lobby.id, ALICE.id);
    const cancelled = await h.service.leave(lobby.id, ALICE.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', endReason: 'cancelled' });
    expect(await h.service.findActiveGameInChannel('c1')).toBeNull();
    expect((await openGame(h, 'c1')).status).toBe('lobby');
  });

  it('cancel: by the host or a moderator only', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1');
    await expectRefused(h, 'not_host', () => h.service.cancel(lobby.id, BOB.id));
    expect((await h.service.cancel(lobby.id, BOB.id, { moderator: true })).status).toBe('cancelled');
    expect(h.lobbyUpdates.at(-1)?.change).toBe('cancelled');
    await expectRefused(h, 'game_over', () => h.service.cancel(lobby.id, ALICE.id));
  });

  it('finds the open game of a channel, lobby or active', async () => {
    h = await makeHarness();
    expect(await h.service.findActiveGameInChannel('c1')).toBeNull();
    const lobby = await openGame(h, 'c1');
    expect((await h.service.findActiveGameInChannel('c1'))?.id).toBe(lobby.id);
    await h.service.startGame(lobby.id, ALICE.id);
    expect((await h.service.findActiveGameInChannel('c1'))?.status).toBe('active');
  });

  describe('refuses bad input with a typed error and changes nothing', () => {
    it('a second game in the same channel', async () => {
      h = await makeHarness();
      await openGame(h, 'c1');
      await expectRefused(h, 'channel_busy', () => openGame(h, 'c1'));
    });

    it('bad options', async () => {
      h = await makeHarness();
      await expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { seats: 7 }));
      await expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { seats: 1 }));
      await expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { turnLimit: 0 }));
    });

    it('unknown game', async () => {
      h = await makeHarness();
      await expectRefused(h, 'unknown_game', () => h.service.join('nosuchgm', BOB));
      await expectRefused(h, 'unknown_game', () => h.service.act('nosuchgm', BOB.id, { type: 'eat' }, 1));
      await expectRefused(h, 'unknown_game', () => h.service.status('nosuchgm'));
      await expectRefused(h, 'unknown_game', () => h.service.setBoardMessage('nosuchgm', 'm', 1));
      expect(await h.service.getGame('nosuchgm')).toBeNull();
    });

    it('lobby full of humans, already seated', async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1', { seats: 2 });
      await expectRefused(h, 'already_seated', () => h.service.join(lobby.id, ALICE));
      await h.service.join(lobby.id, BOB);
      await expectRefused(h, 'lobby_full', () => h.service.join(lobby.id, CAROL));
      await expectRefused(h, 'lobby_full', () => h.service.addComputer(lobby.id, ALICE.id));
      await expect(h.service.join(lobby.id, CAROL)).rejects.toThrow(
        'the lobby is full: all 2 seats are taken by players',
      );
    });

    it('not the host', async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1');
      await h.service.join(lobby.id, BOB);
      await expectRefused(h, 'not_host', () => h.service.startGame(lobby.id, BOB.id));
      await expectRefused(h, 'not_host', () => h.service.addComputer(lobby.id, BOB.id));
      await expectRefused(h, 'not_host', () => h.service.removeComputer(lobby.id, BOB.id));
    });

    it("removing a computer never shrinks the table below the game's minimum", async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1', { seats: 4 });
      await h.service.addComputer(lobby.id, ALICE.id, 'novice');
      const removed = await h.service.removeComputer(lobby.id, ALICE.id);
      expect(removed.seats.map((s) => s.name)).toEqual(['Alice']);
      expect(removed.options.seats).toBe(2);
      const update = await h.service.startGame(lobby.id, ALICE.id);
      expect(update.game.seats.map((s) => s.kind)).toEqual(['human', 'computer']);
    });

    it('leaving a lobby one is not in, removing a missing computer', async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1');
      await expectRefused(h, 'not_in_game', () => h.service.leave(lobby.id, BOB.id));
      await expectRefused(h, 'no_computer', () => h.service.removeComputer(lobby.id, ALICE.id));
    });

    it('lobby actions on a started game, play in a lobby', async () => {
      h = await makeHarness();
      const lobby = await openGame(h, 'c1');
      await expectRefused(h, 'not_started', () =>
        h.service.act(lobby.id, ALICE.id, { type: 'move', to: 1 }, 0),
      );
      await expectRefused(h, 'not_started', () => h.service.endGame(lobby.id, ALICE.id));
      await h.service.startGame(lobby.id, ALICE.id);
      await expectRefused(h, 'already_started', () => h.service.join(lobby.id, BOB));
      await expectRefused(h, 'already_started', () => h.service.startGame(lobby.id, ALICE.id));
      await expectRefused(h, 'already_started', () => h.service.addComputer(lobby.id, ALICE.id));
    });
  });
});
