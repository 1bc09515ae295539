/**
 * The board versions each player just clicked a move on: a second click on the same board version by the same
 * player within a few seconds is a double click (a fast finger, a slow connection), absorbed silently instead of
 * being refused as a click on an out-of-date board.
 */

/** How long after a click on a board version another click of the same player on it counts as a double click. */
export const DOUBLE_CLICK_MS = 5000;

export class RecentClicks {
  /** "user:game:version" → the times of the clicks on that version, within the window. */
  private readonly clicks = new Map<string, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly windowMs = DOUBLE_CLICK_MS,
  ) {}

  /**
   * A click of `userId` on the board of `gameId` at `version`, about to be played. Returns the function that
   * takes it back (the click was refused: it played nothing, so a later click is no repeat of it).
   */
  note(userId: string, gameId: string, version: number): () => void {
    const at = this.now();
    this.forgetOld(at);
    const key = `${userId}:${gameId}:${version}`;
    this.clicks.set(key, [...(this.clicks.get(key) ?? []), at]);
    return () => {
      const times = this.clicks.get(key);
      const index = times?.indexOf(at) ?? -1;
      if (!times || index < 0) return;
      times.splice(index, 1);
      if (times.length === 0) this.clicks.delete(key);
    };
  }

  /** Whether `userId` clicked the board of `gameId` at `version` more than once within the window. */
  isRepeated(userId: string, gameId: string, version: number): boolean {
    this.forgetOld(this.now());
    return (this.clicks.get(`${userId}:${gameId}:${version}`)?.length ?? 0) > 1;
  }

  private forgetOld(at: number): void {
    for (const [key, times] of this.clicks) {
      const kept = times.filter((time) => at - time < this.windowMs);
      if (kept.length === 0) this.clicks.delete(key);
      else if (kept.length !== times.length) this.clicks.set(key, kept);
    }
  }
}
