/** Hare & Tortoise's words in every language (its namespace of the catalogue; see GameModule.catalogue). */
import type { Catalogue } from '../../../i18n/index';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

export const hareCatalogue: Catalogue = { en, de, fr, es };
