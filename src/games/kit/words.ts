/** A game's words in one language, from its catalogue (src/i18n/words.ts). */
export { catalogueWords } from '../../i18n/words';
