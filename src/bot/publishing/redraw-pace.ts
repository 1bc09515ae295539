/**
 * How soon a game's update is drawn (issue 43: no write nobody needs). A person's own move is drawn at once, and
 * so is the board a person is to act on (after the short coalescing window). Computer moves that follow one
 * another are drawn at most once per `readingMs` (faster than a person reads: one edit shows them all, each move
 * still in the board's log and the turn mention's "since your last turn" lines); a game with no person seated
 * at most once per `quietRedrawMs`. The last board and the summary are always drawn: the feed keeps the latest.
 */
import type { PublicUpdate } from '../../service/index';
import type { PublisherOptions } from './options';

type PaceOptions = Pick<PublisherOptions, 'coalesceMs' | 'readingMs' | 'quietRedrawMs'>;

export class RedrawPace {
  /** By game: when its latest flush began. */
  private readonly drawnAt = new Map<string, number>();

  constructor(private readonly options: PaceOptions) {}

  /** The wait before `update` is drawn, at `now`. */
  delay(update: PublicUpdate, now: number): number {
    const { coalesceMs, readingMs, quietRedrawMs } = this.options;
    if (update.actor?.kind === 'user') return 0;
    if (update.finished || (update.next?.human ?? false)) return coalesceMs;
    const seated = update.game.seats.some((seat) => seat.kind === 'human' && !seat.left);
    const gap = seated ? readingMs : quietRedrawMs;
    const since = now - (this.drawnAt.get(update.game.id) ?? -Infinity);
    return Math.max(coalesceMs, gap - since);
  }

  /** A flush of the game began. */
  drawn(gameId: string, now: number): void {
    this.drawnAt.set(gameId, now);
  }

  forget(gameId: string): void {
    this.drawnAt.delete(gameId);
  }
}
