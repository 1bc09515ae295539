/**
 * The images a flush shows, drawn before it sends anything: a background redraw holds its slot of the process's
 * cap (redraw-slots.ts) only while it draws, never while it waits on Discord (a request without an answer held
 * every slot once, and no computers-only game of that process was drawn again).
 */
import type { AnyGameModule } from '../../games/contract';
import type { GameInfo, PublicUpdate } from '../../service/index';
import type { Renderer, RenderOptions } from '../../workers/render-pool';
import { boardPayload, summaryPayload, type MessagePayload } from '../views';

/** What of a followed game (board-posting.ts) its images need: its feed's log lines, the version its board shows. */
interface Drawn {
  feed: { readonly recentLines: readonly string[] };
  shownVersion: number | null;
}

export interface FlushImages {
  /** The board at the update's version, when the board message does not show it yet. */
  board: MessagePayload | null;
  /** The summary, when the update ends the game and none was posted. */
  summary: MessagePayload | null;
}

/** The game's board at `update`, with its log lines (the feed's, pending updates' included). */
export function boardImage(
  renderer: Renderer,
  update: PublicUpdate,
  events: unknown[],
  followed: Drawn,
  module: AnyGameModule,
  render?: RenderOptions,
): Promise<MessagePayload> {
  return boardPayload(
    {
      module,
      // The game as it was at this update (its version, seats and status go with its state).
      game: update.game,
      state: update.state,
      recentEvents: events,
      recentLines: [...followed.feed.recentLines],
      placings: update.placings,
    },
    renderer,
    render,
  );
}

/**
 * Whether the flush of `update` draws the board: there is none yet, or it shows an older version. Never a
 * board older than the one shown: a click answered with its own board while an earlier update's flush was
 * under way would otherwise be drawn over with the earlier one.
 */
export function boardBehind(
  followed: Drawn,
  update: PublicUpdate,
  game: Pick<GameInfo, 'boardMessageId'>,
): boolean {
  const shown = followed.shownVersion;
  return !game.boardMessageId || shown === null || shown < update.game.version;
}

/** Notes that the board message shows `version`: never an older one than it showed (a click's answer may be newer). */
export function showVersion(followed: Drawn, version: number): void {
  followed.shownVersion = Math.max(followed.shownVersion ?? -1, version);
}

/**
 * Where the board of `update` goes in the render pool: first when it answers a click on the board's controls
 * (`click` with the version the board showed: a move, and Discord waits for its answer); before other games'
 * redraws when it answers another click (the lobby's Start: a burst of new games then waits behind the moves of
 * games under way, not the reverse), shows a typed move, or shows a person their turn in a restart's settling
 * (`settling`: nothing moves there until it shows); otherwise in its order. A board that shows a person her
 * turn is a `turn`, which waits for a gap in the answers to clicks (task-pool.ts, ServeOptions): after a
 * computer's move, in a settling, and after a lobby's Start (the host's first turn: 64 Starts at once began as
 * many chains of clicks as a restart). Only her typed move is never held.
 */
export function renderOrder(
  update: PublicUpdate,
  click: { drawnVersion: number | null } | null,
  settling: boolean,
): RenderOptions | undefined {
  if (click?.drawnVersion != null) return { urgent: true, answering: true };
  const typed = click === null && update.actor?.kind === 'user';
  const asked = click !== null || typed;
  const turn = !typed && personToAct(update);
  const urgent = asked || (settling && turn);
  if (!urgent && !turn) return undefined;
  return { ...(urgent ? { urgent: true } : {}), ...(turn ? { turn: true } : {}) };
}

/** Whether the game of `update` goes on with a person to act (their turn shows on the board). */
export function personToAct(update: PublicUpdate): boolean {
  return !update.finished && update.next?.human === true;
}

/** Draws what the flush of `update` shows; `render`: where its board goes in the render pool. */
export async function flushImages(
  renderer: Renderer,
  /** The game as recorded now (its board message, whether its summary was posted). */
  game: GameInfo,
  update: PublicUpdate,
  events: unknown[],
  followed: Drawn,
  module: AnyGameModule,
  render: RenderOptions | undefined,
): Promise<FlushImages> {
  const board = boardBehind(followed, update, game)
    ? await boardImage(renderer, update, events, followed, module, render)
    : null;
  const { placings } = update;
  const summaryDue = update.finished && placings && !game.summaryPosted && game.endReason !== 'cancelled';
  const summary = summaryDue ? await summaryPayload(module, game, update.state, placings, renderer) : null;
  return { board, summary };
}
