/** Conversions between SQLite rows and store records. */
import { isGeneratorVersion, SFC32_GENERATOR } from '../games/kit/random';
import { isLanguage } from '../i18n/index';
import type {
  ActionLogRow,
  EndReason,
  GameFairness,
  GameOptions,
  GameRecord,
  GameStatus,
  LoggedAction,
  PlayerStats,
  SeatKind,
  SeatRecord,
} from './types';

export interface GameRow {
  id: string;
  guild_id: string;
  channel_id: string;
  game_key: string;
  host_id: string;
  options: string;
  status: GameStatus;
  end_reason: EndReason | null;
  seed: string;
  state: string | null;
  state_format: number;
  version: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
  board_message_id: string | null;
  board_posted_at: number | null;
  turn_notice_message_id: string | null;
  next_due_at: number | null;
  summary_posted: number;
  channel_settled: number;
  turn_notice_key: string | null;
  ended_by: string | null;
  ended_by_name: string | null;
  /** Set once the game's results were counted (a completed game, or a forfeit). */
  stats_recorded?: number;
  log_pruned_at: number | null;
  pruned_moves: number | null;
  server_seed?: string | null;
  seed_commitment?: string | null;
  client_seed?: string | null;
  generator?: number | null;
}

export interface SeatRow {
  seat_index: number;
  kind: SeatKind;
  user_id: string | null;
  level: string | null;
  name: string;
  left_game: number;
  client_seed?: string | null;
}

export interface ActionRow {
  game_id: string;
  seq: number;
  seat: number;
  actor: string;
  action: string;
  created_at: number;
}

export interface StatsRow {
  guild_id: string;
  game_key: string;
  user_id: string;
  name: string;
  games: number;
  wins: number;
  place_sum: number;
  games_left: number;
  beaten: string;
  updated_at: number;
}

function parseState(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

export function seatFromRow(row: SeatRow): SeatRecord {
  return {
    index: row.seat_index,
    kind: row.kind,
    userId: row.user_id,
    level: row.level,
    name: row.name,
    left: row.left_game === 1,
    clientSeed: row.client_seed ?? null,
  };
}

/** The commitment of a game that made one (opened after schema 8 without a fixed seed), else null. */
function fairnessFromRow(row: GameRow): GameFairness | null {
  if (!row.server_seed || !row.seed_commitment) return null;
  return {
    serverSeed: row.server_seed,
    commitment: row.seed_commitment,
    clientSeed: row.client_seed ?? null,
  };
}

export function gameFromRows(row: GameRow, seats: SeatRow[]): GameRecord {
  const stored = JSON.parse(row.options) as Omit<GameOptions, 'language'> & { language?: unknown };
  // Games stored before languages were all English.
  const options: GameOptions = { ...stored, language: isLanguage(stored.language) ? stored.language : 'en' };
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    hostId: row.host_id,
    gameKey: row.game_key,
    options,
    status: row.status,
    endReason: row.end_reason,
    seed: row.seed,
    generator: isGeneratorVersion(row.generator) ? row.generator : SFC32_GENERATOR,
    state: parseState(row.state),
    stateFormat: row.state_format,
    version: row.version,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
    boardMessageId: row.board_message_id,
    boardPostedAt: row.board_posted_at,
    turnNoticeMessageId: row.turn_notice_message_id,
    nextDueAt: row.next_due_at,
    summaryPosted: row.summary_posted === 1,
    channelSettled: row.channel_settled === 1,
    turnNoticeKey: row.turn_notice_key,
    logPrunedAt: row.log_pruned_at ?? null,
    prunedMoves: row.pruned_moves ?? null,
    fairness: fairnessFromRow(row),
    endedBy: row.ended_by === null ? null : { id: row.ended_by, name: row.ended_by_name ?? row.ended_by },
    // A stopped game counts only as its ender's forfeit (src/service/forfeit.ts).
    forfeit: row.end_reason === 'ended' && Number(row.stats_recorded ?? 0) === 1 && row.ended_by !== null,
    seats: seats.map(seatFromRow),
  };
}

export function actionFromRow(row: ActionRow): ActionLogRow {
  const action: LoggedAction = JSON.parse(row.action);
  return {
    gameId: row.game_id,
    seq: row.seq,
    seat: row.seat,
    actor: row.actor,
    action,
    createdAt: row.created_at,
  };
}

export function statsFromRow(row: StatsRow): PlayerStats {
  return {
    guildId: row.guild_id,
    gameKey: row.game_key,
    userId: row.user_id,
    name: row.name,
    games: row.games,
    wins: row.wins,
    placeSum: row.place_sum,
    gamesLeft: row.games_left,
    beaten: JSON.parse(row.beaten),
    updatedAt: row.updated_at,
  };
}
