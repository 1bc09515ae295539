/**
 * Punctuation the code writes between a catalogue's words (a name and a menu's placeholder, the items of a list):
 * French sets a non-breaking space before the colon and the semicolon ("Élise : choisis une case").
 */
import type { Language } from './languages';

/** What goes between a label and what it labels: ": ", in French "\u00a0: ". */
export function colonIn(language: Language | undefined): string {
  return language === 'fr' ? '\u00a0: ' : ': ';
}

/** What goes between the items of a list whose items hold commas: "; ", in French "\u00a0; ". */
export function semicolonIn(language: Language | undefined): string {
  return language === 'fr' ? '\u00a0; ' : '; ';
}
