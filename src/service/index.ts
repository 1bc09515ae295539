/**
 * The game service: everything the Discord bot needs to run Hare & Tortoise games, with no Discord code.
 *
 *   const store = openStore(config.DATABASE_PATH);            // src/store
 *   const service = new GameService({ store, clock: realClock, config: { aiTurnDelayMs: 1500 } });
 *   service.on('update', (u) => …);                            // every step of a running game
 *   service.on('lobby', (u) => …);                             // opened / joined / left / started / cancelled …
 *   service.start();                                           // arms every active game's timer from the DB
 *
 * Lobby: openLobby(input) → GameRecord (the host takes seat 0 unless hostSeated: false), join(gameId, user),
 * leave(gameId, userId), addComputer(gameId, byUserId, level?), removeComputer(gameId, byUserId) (the computer
 * seated last), startGame(gameId, byUserId) → GameUpdate (host only; empty seats filled with computers of the
 * game's level), cancel(gameId, byUserId, { moderator }) (host or moderator; lobby or running game).
 * One lobby or active game per channel (also enforced by a unique index).
 *
 * Play: act(gameId, userId, action, expectedVersion) → GameUpdate. The version check is repeated inside the
 * write (UPDATE … WHERE version = ?), so a double click or an old button applies at most once; the state, the
 * log row and the new version are one transaction. Computer seats act after the game's AI delay
 * (aiTurnDelayMs × speed factor: fast 0.2, normal 1, slow 3) with chooseAction(state, level,
 * seedRng(`${seed}:ai:${version}`)), so a game is reproducible. A human who does not act within
 * humanTurnTimeoutMs has that one turn played by a computer of the game's level (idle policy 'computer') or
 * loses it through the engine's forfeitTurn (policy 'skip'); the log actor is then 'timeout'.
 * Timers come from games.next_due_at: start() arms one per active game (overdue ones at once, via a 0 ms
 * timer), stop() clears them, and a game never has two.
 *
 * Choices:
 * - Host leaving a lobby: the first other human seated becomes host ('left' then 'host-changed'); with no
 *   other human the lobby is cancelled.
 * - leave/leaveGame/resign in a running game: a computer of the game's level plays the seat from then on
 *   (seat.left = true, seat.userId kept). The player's statistics count the game in last place, not as a win.
 *   A host who leaves stays the host (may still end or cancel the game).
 * - A computer level that throws or chooses an illegal action is reported (onError) and the novice choice is
 *   played for that turn, so a faulty player cannot stall a game.
 * - endGame(gameId, byUserId, { moderator }): status 'finished' with endReason 'ended'; the update's placings
 *   are the race positions at that moment, and no statistics are counted (only races the engine completed,
 *   including by the turn limit, count). cancel(): status 'cancelled', no placings, no statistics.
 * - Statistics (per guild) are written in the transaction of the final action and at most once per game.
 * - version: 0 in the lobby, 1 at the start, +1 per action, +1 when ended or cancelled. Lobby changes do not
 *   change it (they do not touch the engine state), so a seat change never makes a player's buttons stale.
 *
 * Errors: every refused request throws ServiceError { code, message, illegal } and changes nothing.
 * Queries: getGame, findActiveGameInChannel, status, history (replays the log through describeEvent),
 * replayCheck, stats, leaderboard; setBoardMessage / setTurnNotice store the bot's message ids.
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
export { ServiceError, isServiceError, type ServiceErrorCode } from './errors';
export { SafeEmitter } from './emitter';
export { checkReplay, replayLog, applyLoggedAction, firstDifference } from './replay';
export { playerOutcomes, placings, nextSeat, describeEvents, textContext, seatNames } from './views';
export type * from './types';
