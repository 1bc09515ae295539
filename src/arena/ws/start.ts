/**
 * The arena's WebSocket as the bot's configuration gives it: nothing at all (no registry, no socket) unless
 * ARENA_PORT is set; then a registry for the service's program seats and a server on ARENA_HOST:ARENA_PORT.
 */
import type { Logger } from '../../logger';
import type { ProgramIdentity } from './connection';
import { ProgramRegistry } from './registry';
import { startArenaServer, type ArenaLimits, type ArenaServer } from './server';

export interface ArenaSettings {
  ARENA_PORT?: number | undefined;
  ARENA_HOST: string;
}

export interface ArenaSetup {
  /** The connected programs, for the service (null: the arena is off). */
  registry: ProgramRegistry | null;
  /** Starts listening (null: the arena is off, nothing listens). */
  listen(verifyToken: (token: string) => Promise<ProgramIdentity | null>): Promise<ArenaServer | null>;
}

export function arenaSetup(
  settings: ArenaSettings,
  logger: Logger,
  limits?: Partial<ArenaLimits>,
): ArenaSetup {
  const port = settings.ARENA_PORT;
  if (port === undefined) return { registry: null, listen: async () => null };
  const registry = new ProgramRegistry();
  return {
    registry,
    listen: (verifyToken) =>
      startArenaServer({
        port,
        host: settings.ARENA_HOST,
        registry,
        verifyToken,
        logger,
        ...(limits ? { limits } : {}),
      }),
  };
}
