/** The parts behind the GameService facade (game-service.ts), wired together from its options. */
import type { AnyGameModule } from '../games/contract';
import { GAMES } from '../games/index';
import { ArenaTokens } from './arena-tokens';
import { realClock } from './clock';
import { ComputerTurns } from './computer-turns';
import { EVERY_GAME, type ServiceContext } from './context';
import { SafeEmitter } from './emitter';
import { newClientSeed, newServerSeed } from './fairness';
import { GameEnds } from './game-ends';
import { GonePlaces } from './gone-places';
import { InteractionTokens } from './interaction-tokens';
import { Lobbies } from './lobby';
import { LobbyExpiry } from './lobby-expiry';
import { Outbox } from './outbox';
import { randomGameId } from './new-lobby';
import { OverdueSweep, SWEEP_EVERY_MS } from './overdue-sweep';
import { ProgramSeats } from './program-seats';
import { Queries } from './queries';
import type { ComputerChoice } from './fair-replay';
import { DEFAULT_SERVICE_CONFIG, type GameServiceOptions } from './service-options';
import { Turns } from './turns';
import type { ServiceEvents } from './types';

export interface ServiceParts {
  ctx: ServiceContext;
  /** The computers' choices made again where they were made (the worker pool), when verifying a game. */
  replayChooser: ComputerChoice | undefined;
  programSeats: ProgramSeats;
  arenaTokens: ArenaTokens;
  turns: Turns;
  /** `/end` and cancelling of running games. */
  ends: GameEnds;
  lobbies: Lobbies;
  queries: Queries;
  lobbyExpiry: LobbyExpiry;
  gonePlaces: GonePlaces;
  outbox: Outbox;
  tokens: InteractionTokens;
  sweep: OverdueSweep;
}

export function serviceParts(options: GameServiceOptions): ServiceParts {
  const reportError = options.onError ?? ((error, context) => console.error(`[service] ${context}:`, error));
  const ctx: ServiceContext = {
    store: options.store,
    ownership: options.ownership ?? EVERY_GAME,
    clock: options.clock ?? realClock,
    config: { ...DEFAULT_SERVICE_CONFIG, ...options.config },
    games: options.games ?? GAMES,
    emitter: new SafeEmitter<ServiceEvents>((error, event) =>
      reportError(error, `a '${String(event)}' listener`),
    ),
    reportError,
  };
  const chooser = options.chooser ?? null;
  const replayChooser = chooser
    ? (module: AnyGameModule, view: unknown, level: string, seedKey: string) =>
        chooser(module.key, view, level, seedKey)
    : undefined;
  const programSeats = new ProgramSeats(ctx, options.programs ?? null);
  const arenaTokens = new ArenaTokens(ctx, options.programs ?? null);
  const turns = new Turns(ctx, new ComputerTurns(ctx, chooser), programSeats);
  const ends = new GameEnds(ctx, turns.timers, turns);
  const lobbies = new Lobbies(
    ctx,
    turns,
    ends,
    {
      seedSource: options.seedSource ?? newServerSeed,
      idSource: options.idSource ?? randomGameId,
      clientSeedSource: options.clientSeedSource ?? newClientSeed,
    },
    programSeats,
  );
  const queries = new Queries(ctx);
  const lobbyExpiry = new LobbyExpiry(ctx);
  const gonePlaces = new GonePlaces(ctx, (gameId) => turns.timers.arm(gameId, null));
  const outbox = new Outbox(ctx.store, ctx.clock);
  const tokens = new InteractionTokens(ctx.store, ctx.clock);
  const sweepEveryMs =
    ctx.config.sweepEveryMs !== undefined
      ? ctx.config.sweepEveryMs
      : ctx.clock === realClock
        ? SWEEP_EVERY_MS
        : null;
  const sweep = new OverdueSweep(ctx, turns.timers, lobbyExpiry, sweepEveryMs);
  return {
    ctx,
    replayChooser,
    programSeats,
    arenaTokens,
    turns,
    ends,
    lobbies,
    queries,
    lobbyExpiry,
    gonePlaces,
    outbox,
    tokens,
    sweep,
  };
}
