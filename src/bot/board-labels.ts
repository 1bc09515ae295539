/**
 * A private reply is in the reader's language, while the board's buttons are drawn in the game's: a reply that
 * names a button ("press **Robar una carta**") must quote the label the reader sees under the board ("**Karte
 * ziehen**"). The labels are the game catalogue's control words (sections `action`, `actions`, `controls`):
 * a label without placeholders as it is, and the part before a colon of one with a value after it ("Stop: bank
 * 300" is quoted as "Stop").
 */
import type { AnyGameModule } from '../games/contract';
import { messageAt, type Language } from '../i18n/index';

const LABEL_SECTIONS = ['action', 'actions', 'controls'] as const;

/** A catalogue string of the module in `language` (the module's catalogue carries English too, when it has one). */
function word(module: AnyGameModule, language: Language, key: string): string | undefined {
  const messages = module.catalogue?.[language];
  return messages ? messageAt(messages, key) : undefined;
}

/** The ways a label may be quoted: whole when it has no placeholder, its lead before a colon. */
function quotable(label: string): string[] {
  const forms: string[] = [];
  if (!label.includes('{{')) forms.push(label);
  const colon = label.indexOf(':');
  const lead = colon > 0 ? label.slice(0, colon).trim() : '';
  if (lead && !lead.includes('{{')) forms.push(lead);
  return forms;
}

/** The board's word for each of the reader's words, for every control label of the module. */
function boardWords(module: AnyGameModule, reader: Language, board: Language): Map<string, string> {
  const readerMessages = module.catalogue?.[reader];
  const pairs = new Map<string, string>();
  if (!readerMessages) return pairs;
  for (const section of LABEL_SECTIONS) {
    const entries = readerMessages[section];
    if (typeof entries !== 'object') continue;
    for (const key of Object.keys(entries)) {
      const mine = word(module, reader, `${section}.${key}`);
      const theirs = word(module, board, `${section}.${key}`);
      if (mine === undefined || theirs === undefined) continue;
      const [mineForms, theirForms] = [quotable(mine), quotable(theirs)];
      if (mineForms.length !== theirForms.length) continue;
      mineForms.forEach((form, index) => pairs.set(form, theirForms[index]!));
    }
  }
  return pairs;
}

/**
 * `text`, written in `reader`'s language, with every button it quotes in bold (`**label**`) quoted as the board
 * drawn in `board`'s language shows it.
 */
export function withBoardLabels(
  module: AnyGameModule,
  text: string,
  reader: Language,
  board: Language,
): string {
  if (reader === board) return text;
  const words = boardWords(module, reader, board);
  return text.replace(/\*\*([^*\n]+)\*\*/g, (quoted, label: string) => {
    const shown = words.get(label);
    return shown === undefined ? quoted : `**${shown}**`;
  });
}
