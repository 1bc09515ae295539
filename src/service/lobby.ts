/** Lobbies: opening, joining, leaving, computer seats, starting and cancelling. */
import { randomInt } from 'node:crypto';
import type { AnyGameModule, OptionSpec } from '../games/contract';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/index';
import {
  optionProblemWords,
  platformOptionSpecs,
  OptionError,
  resolveGameOptions,
  SPEED_FACTORS,
  type OptionValue,
  type Speed,
} from '../games/options';
import {
  ChannelBusyError,
  type GameOptions,
  type GameRecord,
  type NewLobby,
  type SeatRecord,
} from '../store/index';
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
import { CLIENT_SEED_PATTERN, commitmentOf, deriveGameSeed, nonceAndValues } from './fairness';
import { CURRENT_GENERATOR } from '../games/kit/random';
import { initialState } from './replay';
import { computerSeatName, gameLanguage } from './views';
import { movedOnAsStale, type Turns } from './turns';
import { programTokenOf } from './program-levels';
import { PROGRAM_MOVE_MS, type ProgramSeats } from './program-seats';
import type { GameUpdate, LobbyChange, OpenLobbyInput, UserRef } from './types';

export { SPEED_FACTORS } from '../games/options';
const GAME_ID_LENGTH = 8;

export function randomGameId(): string {
  let id = '';
  for (let i = 0; i < GAME_ID_LENGTH; i++) id += randomInt(36).toString(36);
  return id;
}

export interface LobbySources {
  seedSource: () => string;
  idSource: () => string;
  /** The value drawn for a seated person who typed none (docs/fairness.md). */
  clientSeedSource: () => string;
}

export class Lobbies {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly turns: Turns,
    private readonly sources: LobbySources,
    private readonly programs: ProgramSeats,
  ) {}

  async openLobby(input: OpenLobbyInput): Promise<GameRecord> {
    const module = this.ctx.games.get(input.game);
    if (!module) throw refuse.invalid('refusal.noGameCalled', { game: String(input.game) });
    const options = this.lobbyOptions(module, input);
    if (await this.ctx.store.games.findOpenGameInChannel(input.channelId)) throw refuse.channelBusy();
    // A tournament's table is started at once (the tournament has its own limits).
    if (!input.tournament) await requireRoomForLobby(this.ctx, input.guildId, input.host.id);
    const seats: SeatRecord[] = input.tournament
      ? input.tournament.seats.map((seat, index) => namedComputerSeat(index, seat.level, seat.name))
      : options.hostSeated
        ? [humanSeat(0, input.host, this.clientSeed(input.clientSeed))]
        : [];
    const id = await this.newGameId();
    try {
      await this.createCommittedLobby(
        {
          id,
          guildId: input.guildId,
          channelId: input.channelId,
          hostId: input.host.id,
          gameKey: module.key,
          options,
          seats,
          now: this.ctx.clock.now(),
          generator: CURRENT_GENERATOR,
        },
        input.seed ?? null,
      );
    } catch (error) {
      if (error instanceof ChannelBusyError) throw refuse.channelBusy();
      throw error;
    }
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
    const program = this.programSeat(game, chosen);
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

  /** The seat of a connected outside program, for a `program:<token id>` level (null for a built-in level). */
  private programSeat(game: GameRecord, level: string): SeatRecord | null {
    const tokenId = programTokenOf(level);
    if (tokenId === null) return null;
    const program = this.programs.connected(game.guildId).find((entry) => entry.tokenId === tokenId);
    if (!program) throw refuse.invalid('refusal.programGone');
    const index = game.seats.length;
    return {
      index,
      kind: 'computer',
      userId: null,
      level,
      name: program.name,
      left: false,
      clientSeed: null,
    };
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
    const lobby = this.withDerivedSeed(found);
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
    const id = await this.newGameId();
    try {
      await this.createCommittedLobby(
        {
          id,
          guildId: previous.guildId,
          channelId: previous.channelId,
          hostId: user.id,
          gameKey: previous.gameKey,
          options: { ...previous.options, hostSeated: true },
          seats,
          now: this.ctx.clock.now(),
          generator: CURRENT_GENERATOR,
        },
        null,
      );
    } catch (error) {
      if (error instanceof ChannelBusyError) throw refuse.channelBusy();
      throw error;
    }
    return this.emit('opened', id, user.id);
  }

  /** Host or moderator: cancels a lobby or a running game (status cancelled, no statistics). */
  async cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameRecord> {
    const game = await requireGame(this.ctx, gameId);
    if (game.status === 'finished' || game.status === 'cancelled') throw refuse.gameOver();
    requireHostOrModerator(game, byUserId, flags);
    if (game.status === 'lobby') return this.close(game, byUserId);
    return this.turns.cancelRunning(game as ActiveGame, { id: byUserId, name: flags.name ?? byUserId });
  }

  /**
   * A new lobby with its commitment to a fresh server seed (docs/fairness.md), or with a fixed seed (tests,
   * replays) and no commitment.
   */
  private async createCommittedLobby(lobby: Omit<NewLobby, 'seed'>, fixedSeed: string | null): Promise<void> {
    if (fixedSeed !== null) return this.ctx.store.games.createLobby({ ...lobby, seed: fixedSeed });
    const serverSeed = this.sources.seedSource();
    // The game's seed is derived at the start; until then the lobby holds none.
    await this.ctx.store.games.createLobby({
      ...lobby,
      seed: '',
      commitment: { serverSeed, commitment: commitmentOf(serverSeed) },
    });
  }

  /**
   * The lobby with its seed derived from its committed server seed, its id (the nonce) and the seated people's
   * values in seat order: everything in it was shown in the lobby before the start.
   */
  private withDerivedSeed(lobby: GameRecord): GameRecord {
    if (!lobby.fairness) return lobby;
    const values = lobby.seats.flatMap((seat) => (seat.clientSeed ? [seat.clientSeed] : []));
    const clientSeed = nonceAndValues(lobby.id, values);
    const seed = deriveGameSeed(lobby.fairness.serverSeed, clientSeed);
    return { ...lobby, seed, fairness: { ...lobby.fairness, clientSeed } };
  }

  /** The lobby's options: the platform's checked against their one spec (src/games/options.ts), the game's own. */
  private lobbyOptions(module: AnyGameModule, input: OpenLobbyInput): GameOptions {
    const specs = platformOptionSpecs(module);
    const seats = checkedValue(specs.seats, input.seats);
    const level = checkedValue(specs.computerLevel, input.computerLevel);
    const speed = checkedValue(specs.speed, input.speed) as Speed;
    const idlePolicy = input.idlePolicy ?? this.ctx.config.idlePolicy;
    if (idlePolicy !== 'computer' && idlePolicy !== 'skip') {
      throw refuse.invalid('refusal.unknownIdlePolicy', { policy: String(idlePolicy) });
    }
    return {
      seats,
      computerLevel: level,
      speed,
      aiDelayMs: Math.round(this.ctx.config.aiTurnDelayMs * SPEED_FACTORS[speed]),
      humanTimeoutMs: this.ctx.config.humanTurnTimeoutMs,
      idlePolicy,
      turnLimit: turnLimitOf(module, specs.turnLimit, input.turnLimit ?? null),
      hostSeated: input.hostSeated ?? true,
      game: this.gameOptions(module, input.options),
      language: input.language ?? DEFAULT_LANGUAGE,
      ...(input.programMoveMs !== undefined ? { programMoveMs: programMoveMs(input.programMoveMs) } : {}),
      ...(input.tournament ? this.tournamentOptions(module, input.tournament) : {}),
    };
  }

  /**
   * A tournament's table: its seats as given (levels and programs checked by the tournament), its computers at
   * once, nobody's seat for the host.
   */
  private tournamentOptions(module: AnyGameModule, table: NonNullable<OpenLobbyInput['tournament']>) {
    if (table.seats.length < module.seats.min || table.seats.length > module.seats.max)
      throw new Error(`a ${module.key} table has ${module.seats.min}–${module.seats.max} seats`);
    return { seats: table.seats.length, aiDelayMs: 0, hostSeated: false, tournament: table.id };
  }

  private gameOptions(module: AnyGameModule, given: OpenLobbyInput['options']): GameOptions['game'] {
    try {
      return resolveGameOptions(module, given);
    } catch (error) {
      if (error instanceof OptionError) throw refuse.invalid(error.key, error.values);
      throw error;
    }
  }

  private async newGameId(): Promise<string> {
    for (;;) {
      const id = this.sources.idSource();
      if (!(await this.ctx.store.games.hasGame(id))) return id;
    }
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

/** `given` checked against `spec` (refused in the spec's words), or the spec's default when not given. */
function checkedValue<Value extends OptionValue>(
  spec: OptionSpec & { default: Value | null },
  given: Value | undefined,
): Value {
  const value = given ?? spec.default;
  const problem = optionProblemWords(spec, value);
  if (problem) throw refuse.invalid(problem.key, problem.values);
  return value as Value;
}

function programMoveMs(value: number): number {
  if (!Number.isInteger(value) || value < PROGRAM_MOVE_MS.min || value > PROGRAM_MOVE_MS.max)
    throw refuse.invalid('refusal.programMoveMs', { min: PROGRAM_MOVE_MS.min, max: PROGRAM_MOVE_MS.max });
  return value;
}

function turnLimitOf(
  module: AnyGameModule,
  spec: OptionSpec | null,
  turnLimit: number | null,
): number | null {
  if (turnLimit === null) return null;
  if (!spec) throw refuse.invalid('refusal.noTurnLimit', { title: module.title });
  const problem = optionProblemWords(spec, turnLimit);
  if (problem) throw refuse.invalid(problem.key, problem.values);
  return turnLimit;
}

function requireFreeSeat(game: GameRecord): void {
  if (game.seats.length >= game.options.seats) {
    throw refusal('lobby_full', 'refusal.seatsTaken', { seats: game.options.seats });
  }
}

/** The lobby's seats with `user` seated: in a free seat, else in place of the computer seated last. */
function seatsWithPlayer(game: GameRecord, user: UserRef, clientSeed: string): SeatRecord[] {
  if (game.seats.length < game.options.seats)
    return [...game.seats, humanSeat(game.seats.length, user, clientSeed)];
  const computer = game.seats.findLast((seat) => seat.kind === 'computer');
  if (!computer) {
    throw refusal('lobby_full', 'refusal.lobbyFull', { seats: game.options.seats });
  }
  return game.seats.map((seat) => (seat === computer ? humanSeat(seat.index, user, clientSeed) : seat));
}

function humanSeat(index: number, user: UserRef, clientSeed: string): SeatRecord {
  return { index, kind: 'human', userId: user.id, level: null, name: user.name, left: false, clientSeed };
}

function namedComputerSeat(index: number, level: string, name: string): SeatRecord {
  return { index, kind: 'computer', userId: null, level, name, left: false, clientSeed: null };
}

/**
 * A computer seat, named by its level and its number among the computers ("Steady 1"), or "Computer 1" when
 * the game has a single level (the level would tell nothing).
 */
function computerSeat(
  module: AnyGameModule,
  seats: readonly SeatRecord[],
  index: number,
  level: string,
  language: Language,
): SeatRecord {
  const number = seats.filter((seat) => seat.userId === null).length + 1;
  const name = computerSeatName(module, level, number, language);
  return { index, kind: 'computer', userId: null, level, name, left: false, clientSeed: null };
}
