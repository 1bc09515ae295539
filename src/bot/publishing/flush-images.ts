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

/** Draws what the flush of `update` shows; `urgent`: a person waits for the board (before other redraws). */
export async function flushImages(
  renderer: Renderer,
  /** The game as recorded now (its board message, whether its summary was posted). */
  game: GameInfo,
  update: PublicUpdate,
  events: unknown[],
  followed: Drawn,
  module: AnyGameModule,
  urgent: boolean,
): Promise<FlushImages> {
  const redrawn = followed.shownVersion !== update.game.version || !game.boardMessageId;
  const board = redrawn
    ? await boardImage(renderer, update, events, followed, module, urgent ? { urgent } : undefined)
    : null;
  const { placings } = update;
  const summaryDue = update.finished && placings && !game.summaryPosted && game.endReason !== 'cancelled';
  const summary = summaryDue ? await summaryPayload(module, game, update.state, placings, renderer) : null;
  return { board, summary };
}
