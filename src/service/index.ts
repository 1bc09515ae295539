/**
 * The game service: everything the Discord bot needs to run any registered game, with no Discord code.
 *
 *   const store = await openStorage(config);                   // src/store: SQLite or PostgreSQL
 *   const service = new GameService({ store, clock: realClock, config: { aiTurnDelayMs: 1500 } });
 *   service.on('update', (u) => …);                            // every step of a running game
 *   service.on('lobby', (u) => …);                             // opened / joined / left / started / cancelled …
 *   await service.start();                                     // arms every active game's timer from the DB
 *
 * Every method that reads or writes the database is asynchronous.
 *
 * The facade (game-service.ts) delegates to one part per job: lobby.ts (openLobby({ game, options, seats, … }),
 * join, leave, addComputer, removeComputer, startGame, cancel), turns.ts (act, leaveGame, the timers of computer
 * seats, idle humans and forced moves), game-ends.ts (endGame, a running game cancelled), computer-turns.ts (a computer's choice, on this thread or in the
 * worker pool, with a fallback to the weakest level) and queries.ts (status, history, replayCheck, stats and
 * leaderboards per game, the bot's message bookkeeping). Games are reached only through the registry
 * (src/games/index.ts) and the module contract: rules, computer players and texts.
 *
 * - One lobby or active game per channel, across all games (also enforced by a unique index).
 * - Options are validated from the module's one spec (src/games/options.ts): seats, levels, turn limit and the
 *   game's own options; anything else is refused with 'invalid_option'.
 * - act(gameId, userId, action, expectedVersion): the version check is repeated inside the write, so a double
 *   click or an old button applies at most once; state, log row and version are one transaction.
 * - Computer seats act after the game's delay (aiTurnDelayMs × speed: fast 0.2, normal 1, slow 3), seeded by
 *   `${seed}:ai:${version}`. A human who does not act within humanTurnTimeoutMs has the turn played by a computer
 *   (idle policy 'computer') or forfeited (policy 'skip', when the game allows it); a human whose only move is
 *   forced has it played after the module's autoPlayForcedMs (actor 'auto').
 * - endGame: finished with endReason 'ended', placed by the standings of the moment. Ended by a seated person it
 *   is their forfeit (placed last, counted in statistics and ratings); by anyone else it counts for nobody.
 * - version: 0 in the lobby, 1 at the start, +1 per action, +1 when ended or cancelled.
 *
 * Errors: every refused request throws ServiceError { code, message, illegal } and changes nothing.
 */
export {
  GameService,
  DEFAULT_SERVICE_CONFIG,
  SPEED_FACTORS,
  type ComputerChooser,
  type GameServiceOptions,
  type ModeratorFlag,
  type ServiceConfig,
} from './game-service';
export { FakeClock, realClock, type Clock, type TimerHandle } from './clock';
export {
  ServiceError,
  isServiceError,
  refusal,
  type ServiceErrorCode,
  type ServiceErrorWords,
} from './errors';
export { SafeEmitter } from './emitter';
export { stepLines } from './queries';
export { LOBBY_EXPIRY } from './lobby-expiry';
export { NOT_SEATED, endedLine, forfeitedBy, notYourTurn, sentence, stoppedBy } from './phrases';
export { forfeitSeat, seatOf } from './forfeit';
export { FOLLOW_UP_MARK, Outbox, type PostKind } from './outbox';
export { InteractionTokens, TOKEN_KEPT_MS, type IssuedToken, type KeptToken } from './interaction-tokens';
export { checkReplay, replayLog, applyLoggedAction, firstDifference, initialState } from './replay';
export { computerStreamKey } from './fairness';
export {
  commitmentOf,
  COMMITMENT_PATTERN,
  CLIENT_SEED_PATTERN,
  deriveGameSeed,
  isClientSeed,
  nonceAndValues,
} from './fairness';
export { checkGameLog, looksLikeGameLog, type CheckOptions, type FairnessCheck } from './fair-check';
export { buildGameLog, gameLogFileName, GAME_LOG_FORMAT, type GameLog, type GameLogAction } from './game-log';
export {
  playerOutcomes,
  placings,
  nextSeat,
  describeEvents,
  textContext,
  seatNames,
  stateSeenBy,
  eventsSeenBy,
  gameLanguage,
  levelWord,
} from './views';
export type * from './types';
export { ServiceGate, type PublicFinishedGame, type PublicHistoryPage, type PublicReplayFrame } from './gate';
export { seatView } from './observed';
export type { ProgramPlayers, ProgramRef } from './program-seats';
export type { ArenaTokenEntry, IssuedArenaToken } from './arena-tokens';
// The records and rating maths the bot needs are the service's: the bot never imports src/store.
export type {
  GameOptions,
  GameSpeed,
  OutboxEntry,
  PlayerRating,
  PlayerStats,
  RatingPoint,
  SeatRecord,
} from '../store/index';
export {
  conservativeRating,
  INITIAL_RATING,
  isStorageUnavailable,
  recordStorageFailure,
} from '../store/index';
export {
  HISTORY_PAGE_SIZE,
  type FinishedGameView,
  type HistoryPage,
  type HistoryQuery,
  type ReplayFrame,
} from './archive';
export { BOT_REMOVED, CHANNEL_DELETED } from './gone-places';
export { SWEEP_EVERY_MS, type OverdueCount } from './overdue-sweep';
