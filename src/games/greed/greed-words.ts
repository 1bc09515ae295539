/** Greed's words in one language, from its catalogue (locales/<lang>.json). */
import { catalogueWords } from '../kit/catalogue-words';
import type { Language, Translate } from '../../i18n/index';
import { greedCatalogue } from './locales/index';

export function greedWords(language?: Language): Translate {
  return catalogueWords(greedCatalogue, language);
}

/** "1 die", "5 dice". */
export function diceWord(t: Translate, count: number): string {
  return t('dice', { count });
}

/** The codes of the rules' refusals (IllegalActionError), each a clause under `refusals.<code>`. */
export type RefusalCode = 'game_over' | 'must_roll' | 'unknown_action';

const REFUSAL_CODES: readonly string[] = ['game_over', 'must_roll', 'unknown_action'] satisfies RefusalCode[];

export function isRefusalCode(code: string): code is RefusalCode {
  return REFUSAL_CODES.includes(code);
}

/** A refusal of the rules in `language`: the clause players read after "Not allowed: ". */
export function refusalText(code: RefusalCode, language?: Language): string {
  return greedWords(language)(`refusals.${code}`);
}
