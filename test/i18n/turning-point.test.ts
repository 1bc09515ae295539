/** The summary's turning point is a sentence a person would write, in each language, for every game's moves. */
import { describe, expect, it } from 'vitest';
import { turningPoint, type WinStory } from '../../src/games/draw/win-story';
import candylandDe from '../../src/games/candyland/locales/de.json';
import candylandEs from '../../src/games/candyland/locales/es.json';
import candylandFr from '../../src/games/candyland/locales/fr.json';
import greedDe from '../../src/games/greed/locales/de.json';
import greedEs from '../../src/games/greed/locales/es.json';
import greedFr from '../../src/games/greed/locales/fr.json';
import hareDe from '../../src/games/hare/locales/de.json';
import hareEs from '../../src/games/hare/locales/es.json';
import hareFr from '../../src/games/hare/locales/fr.json';
import { catalogueWords, type Catalogue } from '../../src/i18n/index';
import type { Language } from '../../src/i18n/languages';

const words = (de: object, fr: object, es: object, language: Language) =>
  catalogueWords({ en: {}, de, fr, es } as Catalogue, language);

/** Bob's chance went from 20% to 75% with `what` in `when`. */
function story(what: string, when: string): WinStory {
  return {
    chances: [
      [0.8, 0.2],
      [0.25, 0.75],
    ],
    turns: [{ seat: 1, what, when }],
    method: '',
    luck: null,
  } as unknown as WinStory;
}

describe('the turning point', () => {
  it('reads as a sentence in German, French and Spanish', () => {
    const candy = (language: Language, name: string) => {
      const t = words(candylandDe, candylandFr, candylandEs, language);
      const what = t('story.card', { where: t('story.space', { space: 42 }) });
      return turningPoint(story(what, t('story.when', { round: 7 })), ['Alice', name], language);
    };
    expect(candy('de', 'Bob')).toBe(
      'Der Wendepunkt kam in Runde 7: Die Karte auf Feld 42 brachte Bob von 20\u00a0% auf 75\u00a0% Siegchance.',
    );
    const hare = (language: Language, name: string) => {
      const t = words(hareDe, hareFr, hareEs, language);
      return turningPoint(story(t('story.move'), t('story.round', { turn: 20 })), ['Bob', name], language);
    };
    expect(hare('fr', 'Intermédiaire 1')).toBe(
      'Le tournant, manche 20\u00a0: un coup fait passer les chances d’Intermédiaire 1 de 20\u00a0% à 75\u00a0%.',
    );
    expect(hare('es', 'Alice')).toBe(
      'El momento clave, ronda 20: un movimiento llevó la probabilidad de ganar de Alice del 20\u00a0% al 75\u00a0%.',
    );
    const greed = (language: Language) => {
      const t = words(greedDe, greedFr, greedEs, language);
      return turningPoint(
        story(t('story.banked', { points: 1250 }), t('story.round', { round: 3 })),
        ['A', 'Bo'],
        language,
      );
    };
    expect(greed('de')).toBe(
      'Der Wendepunkt kam in Runde\u00a03: Ein Zug mit 1.250 Punkten brachte Bo von 20\u00a0% auf 75\u00a0% Siegchance.',
    );
  });
});
