/**
 * The writes of games, seats and the action log, the same on both engines. Each parameter appears once, in the
 * order the arguments are given (SQLite's `?` binds in order).
 */
import { SFC32_GENERATOR } from '../../games/kit/random';
import type { ActionCommit, NewLobby } from '../game-writes';
import { STATE_FORMAT, type SeatRecord } from '../types';
import type { Dialect } from './dialect';

export function gameWritesSql(d: Dialect) {
  const p = d.param;
  return {
    /**
     * Parameters: id, game key, guild, channel, host, options, seed, state format, created, updated, server seed,
     * commitment, generator.
     */
    insertGame: `INSERT INTO games (id, game_key, guild_id, channel_id, host_id, options, status, seed, state_format,
                           version, created_at, updated_at, server_seed, seed_commitment, generator)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, 'lobby', ${p(7)}, ${p(8)}, 0, ${p(9)}, ${p(10)},
              ${p(11)}, ${p(12)}, ${p(13)})`,
    /** Parameters: game, index, kind, user, level, name, left (0/1), client seed. */
    insertSeat: `INSERT INTO seats (game_id, seat_index, kind, user_id, level, name, left_game, client_seed)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)})`,
    /** Parameter: game. */
    deleteSeats: `DELETE FROM seats WHERE game_id = ${p(1)}`,
    /** Parameter: game. What a lobby change is checked against (PostgreSQL locks the row with it). */
    lobbyHost: `SELECT status, host_id FROM games WHERE id = ${p(1)}`,
    /** Parameters: host, now, game. */
    touchLobby: `UPDATE games SET host_id = ${p(1)}, updated_at = ${p(2)} WHERE id = ${p(3)} AND status = 'lobby'`,
    /** Parameters: options (JSON), game. */
    setLobbyOptions: `UPDATE games SET options = ${p(1)} WHERE id = ${p(2)} AND status = 'lobby'`,
    /** Parameters: client seed, seed, game. Only a lobby that made a commitment. */
    deriveSeed: `UPDATE games SET client_seed = ${p(1)}, seed = ${p(2)}
      WHERE id = ${p(3)} AND status = 'lobby' AND server_seed IS NOT NULL`,
    /** Parameters: state (JSON), started, updated, next due, game. */
    startGame: `UPDATE games SET status = 'active', state = ${p(1)}, version = version + 1, started_at = ${p(2)},
             updated_at = ${p(3)}, next_due_at = ${p(4)}
      WHERE id = ${p(5)} AND status = 'lobby'`,
    /** Parameters: state (JSON), status, end reason, finished, next due, now, game, expected version. */
    updateState: `UPDATE games SET state = ${p(1)}, version = version + 1, status = ${p(2)}, end_reason = ${p(3)},
             finished_at = ${p(4)}, next_due_at = ${p(5)}, updated_at = ${p(6)}
      WHERE id = ${p(7)} AND version = ${p(8)} AND status = 'active'`,
    /** Parameters: game, seat, actor, action (JSON), now, game. The row after the game's last. */
    appendAction: `INSERT INTO actions (game_id, seq, seat, actor, action, created_at)
      SELECT ${p(1)}, COALESCE(MAX(seq), 0) + 1, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)} FROM actions WHERE game_id = ${p(6)}
      RETURNING seq`,
    /** Parameters: level, game, seat index. */
    seatToComputer: `UPDATE seats SET kind = 'computer', level = ${p(1)}, left_game = 1
      WHERE game_id = ${p(2)} AND seat_index = ${p(3)} AND kind = 'human'`,
    /** Parameters: next due, now, game. */
    setNextDue: `UPDATE games SET next_due_at = ${p(1)}, updated_at = ${p(2)} WHERE id = ${p(3)}`,
    /** Parameters: status, end reason, finished, updated, closer's id, closer's name, game. */
    closeGame: `UPDATE games SET status = ${p(1)}, end_reason = ${p(2)}, finished_at = ${p(3)}, updated_at = ${p(4)},
             next_due_at = NULL, ended_by = ${p(5)}, ended_by_name = ${p(6)}, version = version + 1
      WHERE id = ${p(7)} AND status IN ('lobby', 'active')`,
    /** Parameters: finished, updated, closer's id, closer's name, game. The channel has nothing left to redraw. */
    closeGone: `UPDATE games SET status = 'cancelled', end_reason = 'cancelled', finished_at = ${p(1)},
             updated_at = ${p(2)}, next_due_at = NULL, ended_by = ${p(3)}, ended_by_name = ${p(4)},
             channel_settled = 1, version = version + 1
      WHERE id = ${p(5)} AND status IN ('lobby', 'active')`,
    /** Parameter: game. A gone game's messages: nothing left to post or delete. */
    dropMessages: `DELETE FROM outbox WHERE game_id = ${p(1)}`,
    /** Parameters: message, posted, now, game. */
    setBoardMessage: `UPDATE games SET board_message_id = ${p(1)}, board_posted_at = ${p(2)}, updated_at = ${p(3)}
      WHERE id = ${p(4)}`,
    /** Parameters: message, key, now, game. */
    setTurnNotice: `UPDATE games SET turn_notice_message_id = ${p(1)}, turn_notice_key = ${p(2)}, updated_at = ${p(3)}
      WHERE id = ${p(4)}`,
    /** Parameters: now, game. */
    markSummaryPosted: `UPDATE games SET summary_posted = 1, updated_at = ${p(1)} WHERE id = ${p(2)}`,
  };
}

/** insertGame's arguments: a new lobby, with its fairness commitment when it made one. */
export function lobbyArguments(
  lobby: NewLobby & { commitment?: { serverSeed: string; commitment: string } | null },
): unknown[] {
  return [
    lobby.id,
    lobby.gameKey,
    lobby.guildId,
    lobby.channelId,
    lobby.hostId,
    JSON.stringify(lobby.options),
    lobby.seed,
    lobby.stateFormat ?? STATE_FORMAT,
    lobby.now,
    lobby.now,
    lobby.commitment?.serverSeed ?? null,
    lobby.commitment?.commitment ?? null,
    lobby.generator ?? SFC32_GENERATOR,
  ];
}

/** insertSeat's arguments. */
export function seatArguments(gameId: string, seat: SeatRecord): unknown[] {
  return [
    gameId,
    seat.index,
    seat.kind,
    seat.userId,
    seat.level,
    seat.name,
    seat.left ? 1 : 0,
    seat.clientSeed ?? null,
  ];
}

/** updateState's arguments: the action's new state, checked against the version it was computed from. */
export function stateArguments(commit: ActionCommit): unknown[] {
  const finished = commit.finish !== undefined;
  return [
    JSON.stringify(commit.state),
    finished ? 'finished' : 'active',
    finished ? 'completed' : null,
    finished ? commit.now : null,
    commit.nextDueAt,
    commit.now,
    commit.gameId,
    commit.expectedVersion,
  ];
}
