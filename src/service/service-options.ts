/** What a GameService is made from: its storage, clock, configuration and the sources it draws from. */
import { DEFAULT_AI_TURN_DELAY_MS, DEFAULT_HUMAN_TURN_TIMEOUT_MS, DEFAULT_IDLE_POLICY } from '../defaults';
import type { GameRegistry } from '../games/registry';
import type { Storage } from '../store/storage';
import type { Clock } from './clock';
import type { ComputerChooser, GameOwnership, ServiceConfig } from './context';
import type { ProgramPlayers } from './program-seats';

export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  aiTurnDelayMs: DEFAULT_AI_TURN_DELAY_MS,
  humanTurnTimeoutMs: DEFAULT_HUMAN_TURN_TIMEOUT_MS,
  idlePolicy: DEFAULT_IDLE_POLICY,
  // Off unless configured: the bot's configuration (src/config.ts) turns them on by default.
  maxLobbiesPerUser: null,
  maxLobbiesPerServer: null,
  lobbyIdleMs: null,
};

export interface GameServiceOptions {
  store: Storage;
  clock?: Clock;
  config?: Partial<ServiceConfig>;
  /** The games it hosts (default: every registered game). */
  games?: GameRegistry;
  /** Draws the secret server seed a new lobby commits to (injectable for reproducible tests). */
  seedSource?: () => string;
  /** Draws a new game id (default: 8 random base-36 characters). */
  idSource?: () => string;
  /** Draws the value of a seated person who typed none (default: 8 random bytes as hex). */
  clientSeedSource?: () => string;
  /** Where errors of timers and listeners go (default: console.error). */
  onError?: (error: unknown, context: string) => void;
  /**
   * Computer players thinking elsewhere (a worker pool), so a long search does not hold up the caller's thread.
   * Without it they choose synchronously, inside the timer.
   */
  chooser?: ComputerChooser;
  /** Which games this process drives (default: every game); call ownershipChanged() when it changes. */
  ownership?: GameOwnership;
  /** The outside programs connected to this process (src/arena/ws/registry.ts); none without the arena. */
  programs?: ProgramPlayers;
}
