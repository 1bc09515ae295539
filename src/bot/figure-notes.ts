/**
 * Under the summary's figures, what the less obvious ones count ("_hare results_: hare cards drawn on hare
 * squares"), each once, from the notes the game gives its figures (Figure.note).
 */
import type { AnyGameModule } from '../games/contract';
import { messageWords, type Language } from '../i18n/index';

/** The notes of the figures of `seats`, one line each, in the order the figures come. */
export function figureNotes(
  module: AnyGameModule,
  state: unknown,
  seats: readonly number[],
  language: Language,
): string[] {
  const t = messageWords(language);
  const notes = new Map<string, string>();
  for (const seat of seats)
    for (const figure of module.texts.figures(state, seat, language))
      if (figure.note && !notes.has(figure.label)) notes.set(figure.label, figure.note);
  return [...notes].map(([label, note]) => t('summary.figureNote', { label, note }));
}
