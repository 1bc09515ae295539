/**
 * Outside programs in computer seats (docs/players-protocol.md, "Play from anywhere"). A program seat is a
 * computer seat whose level is `program:<token id>`; its moves come from the program over its WebSocket through
 * the arena's SeatDriver (the same strikes and hand-over as the local arena), with the lobby's time per move. The
 * program sees exactly the seat's observed view (stateSeenBy), nothing more. Every wait is bounded by the time
 * limit, so a program can never stall a game: late, malformed and illegal answers get the built-in weakest
 * level's move and a strike, and after MAX_STRIKES, a disconnect, or when the game was not started by this
 * process (a restart, or the shard moved), the built-in player keeps the seat; the table is told in a line.
 */
import type { SeatChannel } from '../arena/channel';
import { playerSeed } from '../arena/match';
import { DEFAULT_MOVE_TIME_MS } from '../arena/protocol';
import { SeatDriver, type TableInfo } from '../arena/seat-driver';
import { engineOptions } from '../games/options';
import { messageWords } from '../i18n/index';
import type { ActiveGame, ServiceContext } from './context';
export { PROGRAM_LEVEL_PREFIX, programLevel, programTokenOf } from './program-levels';
import { moduleOf } from './context';
import { gameLanguage, levelWord, stateSeenBy } from './views';

/** The shortest and longest time per move a lobby may give programs. */
export const PROGRAM_MOVE_MS = { min: 200, max: 10_000, default: DEFAULT_MOVE_TIME_MS } as const;

export interface ProgramRef {
  tokenId: string;
  name: string;
}

/** The connected programs, as the service needs them (src/arena/ws/registry.ts's ProgramDirectory is one). */
export interface ProgramPlayers {
  connectedPrograms(guildId: string): ProgramRef[];
  openSeat(guildId: string, tokenId: string, table: TableInfo): SeatChannel | null;
  /** Closes the token's live connection (a revoked token). */
  disconnect?(tokenId: string, reason: string): void;
}

interface SeatEntry {
  driver: SeatDriver | null;
  name: string;
}

export interface ProgramMove {
  action: unknown;
  /** What the table is told (a strike, the hand-over), in the game's language. */
  lines: string[];
}

export class ProgramSeats {
  private readonly seats = new Map<string, SeatEntry>();
  /** Games started by this process: only their program seats are asked (see the file's comment). */
  private readonly startedHere = new Set<string>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly programs: ProgramPlayers | null,
  ) {
    ctx.emitter.on('update', (update) => {
      if (update.finished) void this.finish(update.game.id);
    });
  }

  connected(guildId: string): ProgramRef[] {
    return this.programs?.connectedPrograms(guildId) ?? [];
  }

  /** A game this process started: its program seats are played by their programs. */
  noteStarted(gameId: string): void {
    this.startedHere.add(gameId);
  }

  /** The seat's action this turn: the program's, or `fallback()`'s (the built-in weakest level's). */
  async move(game: ActiveGame, seat: number, tokenId: string, fallback: () => unknown): Promise<ProgramMove> {
    const key = `${game.id}:${seat}`;
    const t = messageWords(gameLanguage(game));
    const module = moduleOf(this.ctx, game);
    // A game with a single level names it nowhere players meet it (Candy Land's "auto"): "computer".
    const builtin =
      module.computer.levels.length <= 1
        ? t('lobby.computer')
        : levelWord(module, module.computer.levels[0] ?? module.computer.defaultLevel, gameLanguage(game));
    const name = game.seats[seat]?.name ?? tokenId;
    let entry = this.seats.get(key);
    const lines: string[] = [];
    if (!entry) {
      const channel = this.startedHere.has(game.id) ? this.open(game, seat, tokenId) : null;
      entry = { driver: channel ? new SeatDriver(channel, this.tableInfo(game, seat)) : null, name };
      this.seats.set(key, entry);
      if (entry.driver) await entry.driver.handshake();
      if (!entry.driver || entry.driver.replaced !== null) {
        const reason = this.startedHere.has(game.id) ? t('log.programAbsent') : t('log.programMoved');
        lines.push(t('log.programReplaced', { name, level: builtin, reason }));
        this.tellTable(game.id, seat, lines[0]!);
      }
    }
    const driver = entry.driver;
    if (!driver || driver.replaced !== null) return { action: fallback(), lines };
    const state = stateSeenBy(module, game, game.state, seat);
    const legal = module.rules.legalActions(game.state);
    const outcome = await driver.move(state, legal, fallback);
    if (outcome.strike !== null && driver.replaced === null)
      lines.push(
        t('log.programStrike', { name, strikes: driver.strikes, level: builtin, reason: driver.lastProblem }),
      );
    if (driver.replaced !== null) {
      const line = t('log.programReplaced', { name, level: builtin, reason: driver.lastProblem });
      lines.push(line);
      this.tellTable(game.id, seat, line);
    }
    return { action: outcome.action, lines };
  }

  private open(game: ActiveGame, seat: number, tokenId: string): SeatChannel | null {
    try {
      return this.programs?.openSeat(game.guildId, tokenId, this.tableInfo(game, seat)) ?? null;
    } catch (error) {
      this.ctx.reportError(error, `the program seat ${seat + 1} of game ${game.id}`);
      return null;
    }
  }

  private tableInfo(game: ActiveGame, seat: number): TableInfo {
    const timeLimitMs = game.options.programMoveMs ?? PROGRAM_MOVE_MS.default;
    return {
      table: `${game.id}-${seat + 1}`,
      game: game.gameKey,
      rules: engineOptions(game.options.game, game.options.turnLimit),
      seat,
      seats: game.seats.length,
      players: game.seats.map((entry) => entry.name),
      timeLimitMs,
      helloTimeoutMs: timeLimitMs,
      seed: playerSeed(game.seed, seat),
    };
  }

  private tellTable(gameId: string, seat: number, text: string): void {
    for (const [key, entry] of this.seats)
      if (key.startsWith(`${gameId}:`) && key !== `${gameId}:${seat}`) entry.driver?.notice(seat, text);
  }

  /** The game is over: its programs get the end (standings and the whole final state), their tables close. */
  private async finish(gameId: string): Promise<void> {
    this.startedHere.delete(gameId);
    const entries = [...this.seats].filter(([key]) => key.startsWith(`${gameId}:`));
    if (entries.length === 0) return;
    for (const [key] of entries) this.seats.delete(key);
    try {
      const game = await this.ctx.store.games.getGame(gameId);
      const module = game ? moduleOf(this.ctx, game) : null;
      const state = game?.state ?? null;
      const standings = module && state !== null ? module.rules.standings(state) : [];
      const end = {
        standings: standings.map(({ seat, place }) => ({ seat, place, name: game?.seats[seat]?.name ?? '' })),
        endedByTurnLimit:
          module !== null && state !== null && (module.rules.endedByTurnLimit?.(state) ?? false),
        state,
      };
      await Promise.all(entries.map(([, entry]) => entry.driver?.finish(end)));
    } catch (error) {
      this.ctx.reportError(error, `the programs of game ${gameId}`);
      await Promise.all(
        entries.map(([, entry]) =>
          entry.driver?.finish({ standings: [], endedByTurnLimit: false, state: null }),
        ),
      );
    }
  }
}
