/**
 * How a game was won, as plain data every game's summary can show: each seat's chance to win after every
 * turn, the turn that swung it most, and per seat a luck figure and (where the expert can judge the choices)
 * the win chance their choices gave away. No canvas here: the games compute it, win-chart.ts draws it.
 */
import type { Language } from '../../i18n/index';
import { imageWords, unnamedSeat } from './image-words';

/** One turn of the story: who played it, what it did ("1,150", "a bust"), and when ("round 7"). */
export interface StoryTurn {
  seat: number;
  what: string;
  when: string;
}

export interface WinStory {
  /** chances[t][seat]: each seat's chance to win after t turns (t = 0: before the first); each row sums to 1. */
  chances: number[][];
  /** What a point follows: every turn (default), or every round (each told as the turn that moved most). */
  per?: 'turn' | 'round';
  /** turns[t - 1]: the turn that led from point t - 1 to point t. */
  turns: StoryTurn[];
  /** How the chances were found, a short sentence ("Chances exact, from the expert's tables.", …). */
  method: string;
  /** Per seat: the win chance (0–1, signed) the dice or cards brought it beyond the average; null: not measured. */
  luck: number[] | null;
  /** Per seat: the win chance (0–1) its choices gave away against the expert's; null when not measured. */
  givenAway: number[] | null;
}

/** A chance as a whole percentage, never "0%" or "100%" for a chance strictly between ("12 %" in German…). */
export function percent(chance: number, language?: Language): string {
  const t = imageWords(language);
  const rounded = Math.round(chance * 100);
  if (chance > 0 && rounded === 0) return t('images.under', { value: t('images.percent', { value: 1 }) });
  if (chance < 1 && rounded === 100) return t('images.over', { value: t('images.percent', { value: 99 }) });
  return t('images.percent', { value: rounded });
}

/** A signed change of win chance in percentage points, e.g. "+12 pts", "−1 pt", "0 pts". */
export function points(change: number, language?: Language): string {
  const t = imageWords(language);
  const rounded = Math.round(change * 100);
  if (rounded === 0) return t('images.pointsZero');
  const sign = rounded > 0 ? '+' : '−';
  return t('images.points', { sign, count: Math.abs(rounded) });
}

/** The size of a change of win chance, unsigned: "12 pts", "1 pt". */
export function pointsSize(change: number, language?: Language): string {
  const rounded = Math.abs(Math.round(change * 100));
  if (rounded === 0) return imageWords(language)('images.pointsZero');
  return imageWords(language)('images.points', { sign: '', count: rounded });
}

/** Per seat: the sum of the changes of its own chance over its own turns. */
export function swingsOnOwnTurns(chances: readonly number[][], turns: readonly StoryTurn[]): number[] {
  const seats = chances[0]?.length ?? 0;
  const swing = new Array<number>(seats).fill(0);
  turns.forEach((turn, i) => {
    swing[turn.seat]! += chances[i + 1]![turn.seat]! - chances[i]![turn.seat]!;
  });
  return swing;
}

/** The turn that moved its player's chance most, as a sentence; null when no turn moved it by 5 points. */
export function turningPoint(story: WinStory, names: readonly string[], language?: Language): string | null {
  let best: { index: number; change: number } | null = null;
  story.turns.forEach((turn, i) => {
    const change = story.chances[i + 1]![turn.seat]! - story.chances[i]![turn.seat]!;
    if (!best || Math.abs(change) > Math.abs(best.change)) best = { index: i, change };
  });
  const found = best as { index: number; change: number } | null;
  if (!found || Math.abs(found.change) < 0.05) return null;
  const turn = story.turns[found.index]!;
  const name = names[turn.seat] ?? unnamedSeat(turn.seat, language);
  const before = percent(story.chances[found.index]![turn.seat]!, language);
  const after = percent(story.chances[found.index + 1]![turn.seat]!, language);
  const { what, when } = turn;
  return imageWords(language)('images.turningPoint', { name, what, when, before, after });
}
