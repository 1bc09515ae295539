/** Finished games looked back at: a guild's history a page at a time, a game's summary and replay from its log. */
import type { GameRecord } from '../store/index';
import { moduleOf, requireGame, type ServiceContext } from './context';
import { refusal } from './errors';
import { replayLog } from './replay';
import type { Placing } from './types';
import { describeEvents, placings, timeoutLine } from './views';

export const HISTORY_PAGE_SIZE = 10;

export interface FinishedGameView {
  game: GameRecord;
  placings: Placing[];
  /** Actions in the log (moves, computer turns and idle turns). */
  moves: number;
}

export interface HistoryPage {
  /** 0-based, clamped to the pages there are. */
  page: number;
  pages: number;
  total: number;
  entries: FinishedGameView[];
}

export interface HistoryQuery {
  guildId: string;
  gameKey: string;
  userId: string | null;
  page: number;
}

/** One moment of a replay: the state after `step` actions (0: the start) and what that action did. */
export interface ReplayFrame {
  game: GameRecord;
  step: number;
  steps: number;
  state: unknown;
  events: unknown[];
  lines: string[];
  /** Final places, on the last step only. */
  placings: Placing[] | null;
}

/** The state of `game` after its whole log: what the summary is drawn from. */
async function finishedView(ctx: ServiceContext, game: GameRecord): Promise<FinishedGameView> {
  const module = moduleOf(ctx, game);
  // A retention removed the moves: the stored final state is all there is (and what they led to).
  if (game.logPrunedAt !== null && game.state !== null)
    return { game, placings: placings(module, game, game.state), moves: game.prunedMoves ?? 0 };
  const rows = await ctx.store.games.listActions(game.id);
  const state = replayLog(module, game, rows);
  return { game: { ...game, state }, placings: placings(module, game, state), moves: rows.length };
}

export async function historyPage(ctx: ServiceContext, query: HistoryQuery): Promise<HistoryPage> {
  const archive = ctx.store.archive;
  const filter = { guildId: query.guildId, gameKey: query.gameKey, userId: query.userId };
  const total = await archive.countFinished(filter);
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(0, Math.floor(query.page) || 0), pages - 1);
  const games = await archive.finishedGames({
    ...filter,
    offset: page * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
  });
  const entries: FinishedGameView[] = [];
  for (const game of games) entries.push(await finishedView(ctx, game));
  return { page, pages, total, entries };
}

async function requireFinished(ctx: ServiceContext, gameId: string): Promise<GameRecord> {
  const game = await requireGame(ctx, gameId);
  if (game.status !== 'finished') throw refusal('not_finished', 'refusal.notFinished');
  return game;
}

/** A finished game rebuilt from its seed and log (never from stored images), for its summary. */
export async function finishedGame(ctx: ServiceContext, gameId: string): Promise<FinishedGameView> {
  return finishedView(ctx, await requireFinished(ctx, gameId));
}

/** The finished game after `step` actions (clamped to 0…the log's length), with that action's lines. */
export async function replayFrame(ctx: ServiceContext, gameId: string, step: number): Promise<ReplayFrame> {
  const game = await requireFinished(ctx, gameId);
  if (game.logPrunedAt !== null) throw refusal('log_removed', 'refusal.logRemovedSummaryKept');
  const module = moduleOf(ctx, game);
  const rows = await ctx.store.games.listActions(gameId);
  const at = Math.min(Math.max(0, Math.floor(step) || 0), rows.length);
  let frame = { events: [] as unknown[], lines: [] as string[] };
  const state = replayLog(module, game, rows.slice(0, at), ({ row, events, state: after }) => {
    if (row.seq !== rows[at - 1]?.seq) return;
    const lines = describeEvents(module, game, after, events);
    if (row.actor === 'timeout') lines.unshift(timeoutLine(game, row.seat, row.action));
    frame = { events, lines };
  });
  return {
    game,
    step: at,
    steps: rows.length,
    state,
    ...frame,
    placings: at === rows.length ? placings(module, game, state) : null,
  };
}
