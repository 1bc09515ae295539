import type { GameFairness, GameRecord, GameSpeed, IdlePolicy, LoggedAction, SeatKind } from '../store/index';
import type { Language } from '../i18n/index';

export interface UserRef {
  id: string;
  name: string;
}

export interface OpenLobbyInput {
  guildId: string;
  channelId: string;
  host: UserRef;
  /** The game's key in the registry (e.g. 'hare'). */
  game: string;
  /** The game module's own options by engine name (e.g. { rules: 'classic' }); validated by its spec. */
  options?: Record<string, string | number>;
  /** Seats wanted, within the game's seat range (default: the game's default). */
  seats?: number;
  /** Computer level for filled seats, players who leave and idle turns (default: the game's default). */
  computerLevel?: string;
  /** Computer delay: fast ×0.2, normal ×1, slow ×3 the service's aiTurnDelayMs. */
  speed?: GameSpeed;
  turnLimit?: number | null;
  idlePolicy?: IdlePolicy;
  /** Whether the host takes seat 0 (default true); false opens a game the host only watches. */
  hostSeated?: boolean;
  /** A fixed seed (tests, replays); by default the service's seed source draws one. */
  seed?: string;
  /** The seated host's value for the game's seed (docs/fairness.md); by default one is drawn. */
  clientSeed?: string;
  /** The language of the game's public messages (default English); the bot gives the server's locale. */
  language?: Language;
  /** The time per move of outside programs seated in the lobby, in ms (default 2000; 200 to 10,000). */
  programMoveMs?: number;
  /** A tournament's table (src/service/tournament.ts): its seats, all computers, and no host seated. */
  tournament?: TournamentTable;
}

/** The seats of one tournament game, in seat order: each a computer of a level under its entrant's name. */
export interface TournamentTable {
  id: string;
  seats: { level: string; name: string }[];
}

/** Who caused a step of the game. */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'computer'; level: string }
  | { kind: 'timeout'; userId: string | null; policy: IdlePolicy }
  /** A human's only possible action, played for them after the game's short delay (e.g. a Candy Land draw). */
  | { kind: 'auto'; userId: string | null };

export interface NextSeat {
  seat: number;
  kind: SeatKind;
  human: boolean;
  /** The user to act, when the seat is human. */
  userId: string | null;
  name: string;
  /** When the computer acts or the human's time runs out (ms since the epoch). */
  dueAt: number | null;
}

export interface Placing {
  seat: number;
  place: number;
  name: string;
  kind: SeatKind;
  userId: string | null;
}

export type UpdateCause = 'started' | 'action' | 'seat-left' | 'ended' | 'cancelled';

/** One step of a running game, for the bot to redraw the board and notify the next player. */
export interface GameUpdate {
  cause: UpdateCause;
  game: GameRecord;
  /** The module's state (plain JSON). */
  state: unknown;
  /** The engine events of this step (empty unless cause is 'action'). */
  events: unknown[];
  /** Public log lines (the module's describeEvent with seat names; secrets hidden). */
  lines: string[];
  /** The seat that acted (or left), else null. */
  seat: number | null;
  actor: Actor | null;
  action: LoggedAction | null;
  /** The seat to act now; null once the game is over. */
  next: NextSeat | null;
  finished: boolean;
  /** Final places (sorted) once the game is over: engine places, or race positions for an ended game. */
  placings: Placing[] | null;
}

export type LobbyChange =
  | 'opened'
  | 'joined'
  | 'left'
  | 'host-changed'
  | 'computer-added'
  | 'computer-removed'
  /** A seated person typed their value for the game's seed (docs/fairness.md). */
  | 'client-seed'
  | 'started'
  | 'cancelled'
  /** Nobody touched the lobby for the configured idle time: it closed itself (see LobbyExpiry). */
  | 'expired';

export interface LobbyUpdate {
  change: LobbyChange;
  game: GameRecord;
  /** The user the change concerns (who joined, left, added a computer…). */
  userId: string | null;
}

export interface ServiceEvents {
  update: GameUpdate;
  lobby: LobbyUpdate;
}

export interface HistoryEntry {
  seq: number;
  seat: number;
  actor: Actor;
  action: LoggedAction;
  createdAt: number;
  lines: string[];
}

export type ReplayResult =
  | { ok: true; actions: number }
  | {
      ok: false;
      actions: number;
      atSeq: number | null;
      path: string;
      stored: unknown;
      replayed: unknown;
      reason: string;
    };

export interface GameStatusView {
  game: GameRecord;
  next: NextSeat | null;
  finished: boolean;
  placings: Placing[] | null;
}

declare const observed: unique symbol;

/**
 * What everyone may see of a game's state: GameRules.observe for no seat while the game runs, the whole state
 * once it is over. The only state the service hands the bot (src/service/gate.ts); a raw state is `unknown` and
 * is not assignable to it, so no message, image or control can be built from one.
 */
export type PublicView = { readonly [observed]: 'public' };
/** What one seat may see of a game's state (its own secrets shown): from `seatView` (src/service/observed.ts). */
export type PlayerView = { readonly [observed]: 'seat' };
export type StateView = PublicView | PlayerView;

/** A game's seed commitment as the bot sees it: the server seed only once the game is over. */
export type PublicFairness = Omit<GameFairness, 'serverSeed'> & { serverSeed?: string };

/** What the service's pure views read of a game: a stored record or the bot's GameInfo (no state, no seed). */
export type GameFacts = Omit<GameRecord, 'state' | 'seed' | 'fairness'>;

/** A game as the service hands it to the bot: its public view for the state, without its seed. */
export interface GameInfo extends Omit<GameRecord, 'state' | 'seed' | 'fairness'> {
  /** The public view of the state; null while the game is a lobby. */
  state: PublicView | null;
  fairness?: PublicFairness | null;
}

/** One step of a running game as everyone may see it (GameUpdate through the gate). */
export interface PublicUpdate extends Omit<GameUpdate, 'game' | 'state' | 'events'> {
  game: GameInfo;
  state: PublicView;
  /** The step's engine events as everyone may see them (GameRules.observeEvent for no seat). */
  events: unknown[];
}

export interface PublicLobbyUpdate extends Omit<LobbyUpdate, 'game'> {
  game: GameInfo;
}

export interface PublicEvents {
  update: PublicUpdate;
  lobby: PublicLobbyUpdate;
}
