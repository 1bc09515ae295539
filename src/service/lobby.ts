/** Lobbies: opening (written by new-lobby.ts), joining, leaving, computer seats, starting and cancelling. */
import type { GameRecord, SeatRecord } from '../store/index';
import {
  moduleOf,
  refuse,
  requireGame,
  requireHost,
  requireHostOrModerator,
  requireLobby,
  type ActiveGame,
  type ModeratorFlag,
  type ServiceContext,
} from './context';
import { refusal } from './errors';
import { requireRoomForLobby } from './lobby-caps';
import { lobbyOptions } from './lobby-options';
import { withDerivedSeed } from './lobby-seed';
import {
  computerSeat,
  humanSeat,
  namedComputerSeat,
  programSeat,
  requireFreeSeat,
  seatsWithPlayer,
} from './lobby-seats';
import { CLIENT_SEED_PATTERN } from './fairness';
import { initialState } from './replay';
import { gameLanguage } from './views';
import type { GameEnds } from './game-ends';
import { movedOnAsStale, type Turns } from './turns';
import { createLobby, type LobbySources } from './new-lobby';
import type { ProgramSeats } from './program-seats';
import type { GameUpdate, LobbyChange, OpenLobbyInput, UserRef } from './types';

export { SPEED_FACTORS } from '../games/options';

export class Lobbies {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly turns: Turns,
    private readonly ends: GameEnds,
    private readonly sources: LobbySources,
    private readonly programs: ProgramSeats,
  ) {}

  async openLobby(input: OpenLobbyInput): Promise<GameRecord> {
    const module = this.ctx.games.get(input.game);
    if (!module) throw refuse.invalid('refusal.noGameCalled', { game: String(input.game) });
    const options = lobbyOptions(this.ctx.config, module, input);
    if (await this.ctx.store.games.findOpenGameInChannel(input.channelId)) throw refuse.channelBusy();
    // A tournament's table is started at once (the tournament has its own limits).
    if (!input.tournament) await requireRoomForLobby(this.ctx, input.guildId, input.host.id);
    const seats: SeatRecord[] = input.tournament
      ? input.tournament.seats.map((seat, index) => namedComputerSeat(index, seat.level, seat.name))
      : options.hostSeated
        ? [humanSeat(0, input.host, this.clientSeed(input.clientSeed))]
        : [];
    const id = await createLobby(
      this.ctx,
      this.sources,
      {
        guildId: input.guildId,
        channelId: input.channelId,
        hostId: input.host.id,
        gameKey: module.key,
        options,
        seats,
      },
      input.seed ?? null,
    );
    return this.emit('opened', id, input.host.id);
  }

  /**
   * Seats a player: in a free seat, else in the seat of the computer added last (players come first), with the
   * value they typed for the game's seed or one drawn for them. A seated player who gives a value changes theirs.
   */
  async join(gameId: string, user: UserRef, clientSeed?: string): Promise<GameRecord> {
    const game = await requireLobby(this.ctx, gameId);
    const value = this.clientSeed(clientSeed);
    if (game.seats.some((seat) => seat.userId === user.id)) {
      if (clientSeed === undefined) throw refusal('already_seated', 'refusal.alreadySeated');
      const seats = game.seats.map((seat) =>
        seat.userId === user.id ? { ...seat, clientSeed: value } : seat,
      );
      await this.save(game, game.hostId, seats);
      return this.emit('client-seed', gameId, user.id);
    }
    await this.save(game, game.hostId, seatsWithPlayer(game, user, value));
    return this.emit('joined', gameId, user.id);
  }

  /** A typed value checked (refused unless it fits CLIENT_SEED_PATTERN), or a drawn one. */
  private clientSeed(typed: string | undefined): string {
    if (typed === undefined) return this.sources.clientSeedSource();
    if (!CLIENT_SEED_PATTERN.test(typed))
      throw refuse.invalid('refusal.badClientSeed', { value: typed.slice(0, 80) });
    return typed;
  }

  /**
   * Leaves a lobby (frees the seat). When the host leaves, the first other human seated becomes the host;
   * with no other human, the lobby is cancelled.
   */
  async leave(lobby: GameRecord, userId: string): Promise<GameRecord> {
    const seats = lobby.seats.filter((seat) => seat.userId !== userId);
    if (seats.length === lobby.seats.length) throw refuse.notInGame();
    if (userId !== lobby.hostId) {
      await this.save(lobby, lobby.hostId, seats);
      return this.emit('left', lobby.id, userId);
    }
    const newHost = seats.find((seat) => seat.kind === 'human' && seat.userId !== null);
    if (!newHost?.userId) return this.close(lobby, userId);
    await this.save(lobby, newHost.userId, seats);
    await this.emit('left', lobby.id, userId);
    return this.emit('host-changed', lobby.id, newHost.userId);
  }

  async addComputer(gameId: string, byUserId: string, level?: string): Promise<GameRecord> {
    const game = await requireLobby(this.ctx, gameId);
    requireHost(game, byUserId);
    requireFreeSeat(game);
    const chosen = level ?? game.options.computerLevel;
    const program = programSeat(game, chosen, this.programs);
    if (program) {
      await this.save(game, game.hostId, [...game.seats, program]);
      return this.emit('computer-added', gameId, byUserId);
    }
    if (!moduleOf(this.ctx, game).computer.levels.includes(chosen)) {
      throw refuse.invalid('refusal.unknownLevel', { level: String(chosen) });
    }
    const seat = computerSeat(
      moduleOf(this.ctx, game),
      game.seats,
      game.seats.length,
      chosen,
      gameLanguage(game),
    );
    await this.save(game, game.hostId, [...game.seats, seat]);
    return this.emit('computer-added', gameId, byUserId);
  }

  /**
   * Removes the computer seated last, and shrinks the table to the players and computers left (never below the
   * game's minimum), so that Start does not seat a computer there again.
   */
  async removeComputer(gameId: string, byUserId: string): Promise<GameRecord> {
    const game = await requireLobby(this.ctx, gameId);
    requireHost(game, byUserId);
    const last = game.seats.findLast((seat) => seat.kind === 'computer');
    if (!last) throw refusal('no_computer', 'refusal.noComputer');
    const seats = game.seats.filter((seat) => seat !== last);
    const tableSize = Math.max(moduleOf(this.ctx, game).seats.min, seats.length);
    await this.save(game, game.hostId, seats, { ...game.options, seats: tableSize });
    return this.emit('computer-removed', gameId, byUserId);
  }

  /**
   * Host only: fills the empty seats with computers and starts the game, its seed derived from the committed
   * server seed, the game's id and the seated people's values as the lobby shows them (docs/fairness.md).
   */
  async startGame(gameId: string, byUserId: string): Promise<GameUpdate> {
    const found = await requireLobby(this.ctx, gameId);
    requireHost(found, byUserId);
    const lobby = withDerivedSeed(found);
    const module = moduleOf(this.ctx, lobby);
    const seats = [...lobby.seats];
    while (seats.length < lobby.options.seats) {
      seats.push(computerSeat(module, seats, seats.length, lobby.options.computerLevel, gameLanguage(lobby)));
    }
    const state = initialState(module, { ...lobby, seats });
    const now = this.ctx.clock.now();
    const nextDueAt = this.turns.dueTime(lobby, lobby.options, seats, state, now);
    const clientSeedOf = lobby.fairness?.clientSeed;
    await movedOnAsStale(
      this.ctx.store.games.startGame({
        gameId,
        seats,
        state,
        nextDueAt,
        now,
        expected: { hostId: found.hostId, seats: found.seats },
        derivedSeed: clientSeedOf ? { clientSeed: clientSeedOf, seed: lobby.seed } : null,
      }),
    );
    const game = (await requireGame(this.ctx, gameId)) as ActiveGame;
    this.ctx.emitter.emit('lobby', { change: 'started', game, userId: byUserId });
    return this.turns.started(game);
  }

  /**
   * A new lobby in the finished game's channel with its options and seats: the computers keep their seats, the
   * caller (who must have played) is seated and hosts, the other humans' seats wait for them to join.
   */
  async rematch(gameId: string, user: UserRef): Promise<GameRecord> {
    const previous = await requireGame(this.ctx, gameId);
    if (previous.status !== 'finished') {
      throw refusal('not_finished', 'refusal.rematchNotOver');
    }
    if (!previous.seats.some((seat) => seat.userId === user.id)) {
      throw refusal('not_in_game', 'refusal.rematchNotPlayer');
    }
    await requireRoomForLobby(this.ctx, previous.guildId, user.id);
    const kept = previous.seats.filter((seat) => seat.userId === null || seat.userId === user.id);
    const seats = kept.map((seat, index) =>
      seat.userId === null
        ? { ...seat, index, left: false, clientSeed: null }
        : humanSeat(index, user, this.sources.clientSeedSource()),
    );
    const id = await createLobby(
      this.ctx,
      this.sources,
      {
        guildId: previous.guildId,
        channelId: previous.channelId,
        hostId: user.id,
        gameKey: previous.gameKey,
        options: { ...previous.options, hostSeated: true },
        seats,
      },
      null,
    );
    return this.emit('opened', id, user.id);
  }

  /** Host or moderator: cancels a lobby or a running game (status cancelled, no statistics). */
  async cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameRecord> {
    const game = await requireGame(this.ctx, gameId);
    if (game.status === 'finished' || game.status === 'cancelled') throw refuse.gameOver();
    requireHostOrModerator(game, byUserId, flags);
    if (game.status === 'lobby') return this.close(game, byUserId);
    return this.ends.cancelRunning(game as ActiveGame, { id: byUserId, name: flags.name ?? byUserId });
  }

  /** The lobby's new host and seats, written only if it is still the lobby `game` as read. */
  private async save(
    game: GameRecord,
    hostId: string,
    seats: SeatRecord[],
    options?: GameRecord['options'],
  ): Promise<void> {
    const renumbered = seats.map((seat, index) => ({ ...seat, index }));
    await movedOnAsStale(
      this.ctx.store.games.updateLobby({
        gameId: game.id,
        expected: { hostId: game.hostId, seats: game.seats },
        hostId,
        seats: renumbered,
        now: this.ctx.clock.now(),
        ...(options ? { options } : {}),
      }),
    );
  }

  private async close(game: GameRecord, byUserId: string): Promise<GameRecord> {
    if (!(await this.ctx.store.games.closeGame(game.id, 'cancelled', 'cancelled', this.ctx.clock.now()))) {
      throw refuse.gameOver();
    }
    return this.emit('cancelled', game.id, byUserId);
  }

  private async emit(change: LobbyChange, gameId: string, userId: string | null): Promise<GameRecord> {
    const game = await requireGame(this.ctx, gameId);
    this.ctx.emitter.emit('lobby', { change, game, userId });
    return game;
  }
}
