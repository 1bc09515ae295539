import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hare/rules/index';
import { ALICE, BOB, CAROL, GUILD, expectRefused, makeHarness, openGame, type Harness } from './helpers';

describe('lobbies', () => {
  let h: Harness;
  afterEach(() => {
    h.service.stop();
    h.store.close();
  });

  it('opens with the host in seat 0 and the defaults', () => {
    h = makeHarness();
    const game = h.service.openLobby({ game: 'hare', guildId: GUILD, channelId: 'c1', host: ALICE });
    expect(game.id).toMatch(/^[0-9a-z]{8}$/);
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
    expect(game.seats).toEqual([
      { index: 0, kind: 'human', userId: ALICE.id, level: null, name: 'Alice', left: false },
    ]);
    // The lobby commits to its server seed; the game's seed is derived from it at the start.
    expect(game.fairness?.serverSeed).toBe('seed-1');
    expect(game.seed).toBe('');
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened']);
  });

  it('scales the computer delay with the speed', () => {
    h = makeHarness({ config: { aiTurnDelayMs: 1000 } });
    expect(openGame(h, 'fast', { speed: 'fast' }).options.aiDelayMs).toBe(200);
    expect(openGame(h, 'slow', { speed: 'slow' }).options.aiDelayMs).toBe(3000);
  });

  it('joins, adds and removes computers, and starts with the empty seats filled', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1', { seats: 5, computerLevel: 'novice' });
    h.service.join(lobby.id, BOB);
    h.service.addComputer(lobby.id, ALICE.id, 'advanced');
    h.service.addComputer(lobby.id, ALICE.id);
    const afterRemove = h.service.removeComputer(lobby.id, ALICE.id);
    expect(afterRemove.seats.map((s) => [s.kind, s.level])).toEqual([
      ['human', null],
      ['human', null],
      ['computer', 'advanced'],
    ]);
    const update = h.service.startGame(lobby.id, ALICE.id);
    expect(update.cause).toBe('started');
    expect(update.game.status).toBe('active');
    expect(update.game.version).toBe(1);
    expect((update.state as GameState).seats).toHaveLength(5);
    expect(update.game.seats.map((s) => s.name)).toEqual([
      'Alice',
      'Bob',
      'Advanced 1',
      'Novice 2',
      'Novice 3',
    ]);
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

  it('names computers by level and number, or "Computer <n>" when the game has a single level', () => {
    h = makeHarness();
    const hare = openGame(h, 'c1', { seats: 3, computerLevel: 'novice' });
    h.service.addComputer(hare.id, ALICE.id, 'intermediate');
    expect(h.service.startGame(hare.id, ALICE.id).game.seats.map((s) => s.name)).toEqual([
      'Alice',
      'Intermediate 1',
      'Novice 2',
    ]);
    const candy = openGame(h, 'c2', { game: 'candyland', seats: 3 });
    h.service.addComputer(candy.id, ALICE.id);
    expect(h.service.startGame(candy.id, ALICE.id).game.seats.map((s) => s.name)).toEqual([
      'Alice',
      'Computer 1',
      'Computer 2',
    ]);
  });

  it("a player's Join takes the seat of a computer when the lobby is full (the last one added goes)", () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1', { seats: 3 });
    h.service.addComputer(lobby.id, ALICE.id, 'novice');
    h.service.addComputer(lobby.id, ALICE.id, 'advanced');
    const joined = h.service.join(lobby.id, BOB);
    expect(joined.seats.map((s) => [s.index, s.name])).toEqual([
      [0, 'Alice'],
      [1, 'Novice 1'],
      [2, 'Bob'],
    ]);
    const full = h.service.join(lobby.id, CAROL);
    expect(full.seats.map((s) => s.name)).toEqual(['Alice', 'Carol', 'Bob']);
    expect(h.lobbyUpdates.slice(-2).map((u) => [u.change, u.userId])).toEqual([
      ['joined', BOB.id],
      ['joined', CAROL.id],
    ]);
    expectRefused(h, 'lobby_full', () => h.service.join(lobby.id, { id: '400', name: 'Dan' }));
  });

  it('a rematch of a game with computers keeps a seat for the other players: their Join replaces a computer', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1', { seats: 3, turnLimit: 1 });
    h.service.join(lobby.id, BOB);
    h.service.startGame(lobby.id, ALICE.id);
    h.service.endGame(lobby.id, ALICE.id);
    const rematch = h.service.rematch(lobby.id, ALICE);
    expect(rematch.seats.map((s) => s.kind)).toEqual(['human', 'computer']);
    const joined = h.service.join(rematch.id, BOB);
    expect(joined.seats.map((s) => s.kind)).toEqual(['human', 'computer', 'human']);
    const carol = h.service.join(rematch.id, CAROL);
    expect(carol.seats.map((s) => s.name)).toEqual(['Alice', 'Carol', 'Bob']);
  });

  it('a player leaving the lobby frees the seat; the host leaving passes the host on', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1');
    h.service.join(lobby.id, BOB);
    h.service.join(lobby.id, CAROL);
    const afterBob = h.service.leave(lobby.id, BOB.id);
    expect(afterBob.seats.map((s) => [s.index, s.userId])).toEqual([
      [0, ALICE.id],
      [1, CAROL.id],
    ]);
    const afterHost = h.service.leave(lobby.id, ALICE.id);
    expect(afterHost.hostId).toBe(CAROL.id);
    expect(afterHost.status).toBe('lobby');
    expect(afterHost.seats.map((s) => [s.index, s.userId])).toEqual([[0, CAROL.id]]);
    expect(h.lobbyUpdates.slice(-2).map((u) => [u.change, u.userId])).toEqual([
      ['left', ALICE.id],
      ['host-changed', CAROL.id],
    ]);
  });

  it('the host leaving a lobby with no other human cancels it and frees the channel', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1');
    h.service.addComputer(lobby.id, ALICE.id);
    const cancelled = h.service.leave(lobby.id, ALICE.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', endReason: 'cancelled' });
    expect(h.service.findActiveGameInChannel('c1')).toBeNull();
    expect(openGame(h, 'c1').status).toBe('lobby');
  });

  it('cancel: by the host or a moderator only', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1');
    expectRefused(h, 'not_host', () => h.service.cancel(lobby.id, BOB.id));
    expect(h.service.cancel(lobby.id, BOB.id, { moderator: true }).status).toBe('cancelled');
    expect(h.lobbyUpdates.at(-1)?.change).toBe('cancelled');
    expectRefused(h, 'game_over', () => h.service.cancel(lobby.id, ALICE.id));
  });

  it('finds the open game of a channel, lobby or active', () => {
    h = makeHarness();
    expect(h.service.findActiveGameInChannel('c1')).toBeNull();
    const lobby = openGame(h, 'c1');
    expect(h.service.findActiveGameInChannel('c1')?.id).toBe(lobby.id);
    h.service.startGame(lobby.id, ALICE.id);
    expect(h.service.findActiveGameInChannel('c1')?.status).toBe('active');
  });

  describe('refuses bad input with a typed error and changes nothing', () => {
    it('a second game in the same channel', () => {
      h = makeHarness();
      openGame(h, 'c1');
      expectRefused(h, 'channel_busy', () => openGame(h, 'c1'));
    });

    it('bad options', () => {
      h = makeHarness();
      expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { seats: 7 }));
      expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { seats: 1 }));
      expectRefused(h, 'invalid_option', () => openGame(h, 'c1', { turnLimit: 0 }));
    });

    it('unknown game', () => {
      h = makeHarness();
      expectRefused(h, 'unknown_game', () => h.service.join('nosuchgm', BOB));
      expectRefused(h, 'unknown_game', () => h.service.act('nosuchgm', BOB.id, { type: 'eat' }, 1));
      expectRefused(h, 'unknown_game', () => h.service.status('nosuchgm'));
      expectRefused(h, 'unknown_game', () => h.service.setBoardMessage('nosuchgm', 'm', 1));
      expect(h.service.getGame('nosuchgm')).toBeNull();
    });

    it('lobby full of humans, already seated', () => {
      h = makeHarness();
      const lobby = openGame(h, 'c1', { seats: 2 });
      expectRefused(h, 'already_seated', () => h.service.join(lobby.id, ALICE));
      h.service.join(lobby.id, BOB);
      expectRefused(h, 'lobby_full', () => h.service.join(lobby.id, CAROL));
      expectRefused(h, 'lobby_full', () => h.service.addComputer(lobby.id, ALICE.id));
      expect(() => h.service.join(lobby.id, CAROL)).toThrow(
        'the lobby is full: all 2 seats are taken by players',
      );
    });

    it('not the host', () => {
      h = makeHarness();
      const lobby = openGame(h, 'c1');
      h.service.join(lobby.id, BOB);
      expectRefused(h, 'not_host', () => h.service.startGame(lobby.id, BOB.id));
      expectRefused(h, 'not_host', () => h.service.addComputer(lobby.id, BOB.id));
      expectRefused(h, 'not_host', () => h.service.removeComputer(lobby.id, BOB.id));
    });

    it('leaving a lobby one is not in, removing a missing computer', () => {
      h = makeHarness();
      const lobby = openGame(h, 'c1');
      expectRefused(h, 'not_in_game', () => h.service.leave(lobby.id, BOB.id));
      expectRefused(h, 'no_computer', () => h.service.removeComputer(lobby.id, ALICE.id));
    });

    it('lobby actions on a started game, play in a lobby', () => {
      h = makeHarness();
      const lobby = openGame(h, 'c1');
      expectRefused(h, 'not_started', () => h.service.act(lobby.id, ALICE.id, { type: 'move', to: 1 }, 0));
      expectRefused(h, 'not_started', () => h.service.endGame(lobby.id, ALICE.id));
      h.service.startGame(lobby.id, ALICE.id);
      expectRefused(h, 'already_started', () => h.service.join(lobby.id, BOB));
      expectRefused(h, 'already_started', () => h.service.startGame(lobby.id, ALICE.id));
      expectRefused(h, 'already_started', () => h.service.addComputer(lobby.id, ALICE.id));
    });
  });
});
