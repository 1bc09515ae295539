/**
 * What the default board and summary say of a game, from the contract alone: the seats' names, the result,
 * the figures, texts without their Markdown.
 */
import type { AnyGameModule, Figure, SeatView, TextContext } from '../contract';

export function seatNames(seats: readonly SeatView[], count: number): string[] {
  return Array.from({ length: count }, (_, seat) => seats[seat]?.name ?? `Player ${seat + 1}`);
}

export function textContextOf(
  seats: readonly SeatView[],
  count: number,
  viewerSeat: number | null,
): TextContext {
  return { names: seatNames(seats, count), viewerSeat };
}

/** A line of the game's texts as an image shows it: no Markdown, no mentions. */
export function plainText(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/<@!?\d+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "1 mark", "3 marks". */
export function figureText(figure: Figure): string {
  const label = figure.value === 1 ? (figure.singular ?? figure.label) : figure.label;
  const value = typeof figure.value === 'number' ? figure.value.toLocaleString('en-US') : figure.value;
  return `${value} ${label}`;
}

/** A finished game's result in a few words: "Ada wins", "A draw", "Shared win: Ada, Bo", "No winner". */
export function resultText(module: AnyGameModule, state: unknown, names: readonly string[]): string {
  if (module.rules.endedByTurnLimit?.(state)) return 'Turn limit reached: no winner';
  const standings = module.rules.standings(state);
  const first = standings.filter((standing) => standing.place === 1).map((standing) => names[standing.seat]);
  if (first.length === 1) return `${first[0]} wins`;
  if (first.length === standings.length) return 'A draw';
  return `Shared win: ${first.join(', ')}`;
}

/** The number of seats of a state: its standings name every seat. */
export function seatCount(module: AnyGameModule, state: unknown): number {
  return module.rules.standings(state).length;
}
