import { DEFAULT_BACKGROUND_REDRAWS } from '../../defaults';
import { realClock, type Clock } from '../../service/index';

export interface PublisherOptions {
  /** Updates that arrive within this window are drawn in one edit (computer turns in a row). */
  coalesceMs: number;
  /** Computer moves in a row are drawn at most once per this long (one edit shows them all: redraw-pace.ts). */
  readingMs: number;
  /** A game with no person seated is redrawn at most once per this long (its last board always). */
  quietRedrawMs: number;
  /**
   * Redraws nobody waits on (computers' moves) that run at once in this process (0: no cap); the others wait,
   * gathering their game's later moves; a board a person waits for (their move, their turn) never waits.
   * A redraw holds its slot while it draws, not while it waits on Discord (redraw-slots.ts, flush-images.ts).
   */
  backgroundRedraws: number;
  /** Send through the games' live interaction tokens when they can (publishing/token-routes.ts). */
  interactionTokens: boolean;
  /** A board message older than this is replaced by a new one (Discord limits edits of old messages). */
  maxBoardAgeMs: number;
  /** How many transactions lines the board shows. */
  recentLines: number;
  /** A board with this many other messages after it is buried: it is posted again at the bottom. */
  buriedAfter: number;
  /** Wait before trying again after Discord failed an edit (doubles, up to `maxRetryMs`, until it succeeds). */
  retryMs: number;
  maxRetryMs: number;
  /**
   * Without access to the channel (permission or channel lost) the game's posting pauses: it is tried again
   * after this long, or at once when the channel's or the server's permissions change.
   */
  pausedRetryMs: number;
  /** After a start, how many channels are brought up to date at once (the rest wait their turn). */
  settlingConcurrency: number;
  /** After a start, the least time between two channels where a person is to act beginning to settle. */
  settlingGapMs: number;
  /** The time and the timers of the publisher's parts (tests drive a fake one). */
  clock: Clock;
}

export const DEFAULT_PUBLISHER_OPTIONS: PublisherOptions = {
  coalesceMs: 250,
  readingMs: 1000,
  quietRedrawMs: 3000,
  backgroundRedraws: DEFAULT_BACKGROUND_REDRAWS,
  interactionTokens: true,
  maxBoardAgeMs: 50 * 60_000,
  recentLines: 6,
  buriedAfter: 3,
  retryMs: 1000,
  maxRetryMs: 60_000,
  pausedRetryMs: 10 * 60_000,
  settlingConcurrency: 8,
  settlingGapMs: 20,
  clock: realClock,
};

export function describeError(error: unknown): unknown {
  return error instanceof Error ? error.message : error;
}
