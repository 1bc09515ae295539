/** A game's words in one language, from its catalogue (src/i18n/catalogue-words.ts). */
export { catalogueWords } from '../../i18n/catalogue-words';
