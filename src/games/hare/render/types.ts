import type { Language } from '../../../i18n/index';
import type { AiLevel } from '../computer/index';
import type { GameEvent } from '../rules/index';

/** Who sits in a seat: a human or a computer player of some level. */
export type SeatKind = 'human' | AiLevel;

export interface SeatDisplay {
  name: string;
  kind: SeatKind;
}

export interface BoardRenderOptions {
  /** Names and kinds by seat index; missing entries show as "Seat N", human. */
  seats: readonly SeatDisplay[];
  /** The events since the image before, oldest first: their moves are drawn as arrows, the last as text. */
  recentEvents?: readonly GameEvent[];
  /** The seat looking at the image (its carrots are shown even when hidden), or null for everyone. */
  viewerSeat?: number | null;
  /** Keep other seats' carrot counts secret; default: true under the standard rules until the game is over. */
  hideCarrots?: boolean;
  /**
   * Mark the legal targets of the seat to act with their cost or gain. Default: true unless that seat's
   * carrots are hidden from the viewer (its reachable squares would give its carrot count away).
   */
  showTargets?: boolean;
  /** The language of every word drawn (default English). */
  language?: Language;
}

export interface SummaryRenderOptions {
  seats: readonly SeatDisplay[];
  /** Who stopped the game before its end: the image names no winner and ranks by the race at that moment. */
  stoppedBy?: string | null;
  /** With stoppedBy: the seat of the person whose stop was their forfeit (placed last, the others as they stood). */
  forfeitSeat?: number | null;
  /** The language of every word drawn (default English). */
  language?: Language;
}
