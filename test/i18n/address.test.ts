import { describe, expect, it } from 'vitest';
import { catalogueStrings } from './catalogue-strings';

/**
 * Game communities write to a player as du / tu / tú: a catalogue that addresses the reader formally anywhere
 * mixes two voices. Each pattern is a formal form that the informal texts never need.
 */
const FORMAL: Record<string, readonly RegExp[]> = {
  fr: [
    /\b[Vv]ous\b/u,
    /\b[Vv]otre\b/u,
    /\b[Vv]os\b/u,
    /\b[Vv]ôtres?\b/u,
    /(^|[.:!?]\s*|\n- )\p{Lu}\p{Ll}+ez\b/u,
  ],
  // Sie/Ihr… capitalised mid-sentence is the polite form ("sie" and "ihr" in lower case are third persons).
  de: [
    /[\p{Ll},;:)]\s+(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/u,
    /^(Bitte )?(Drücken|Wählen|Tippen) Sie\b/u,
  ],
  es: [
    /(?<!\p{L})[Uu]sted(es)?(?!\p{L})/u,
    /(?<!\p{L})(pulse|elija|escriba|juegue|vuelva|intente|únase|pida)(?!\p{L})/u,
  ],
};

describe.each(Object.keys(FORMAL))('the %s catalogues', (language) => {
  it('speak to the reader informally, like the game communities do', () => {
    const formal = catalogueStrings(language).flatMap(({ where, text }) =>
      FORMAL[language]!.filter((pattern) => pattern.test(text)).map((p) => `${where}: ${p} in "${text}"`),
    );
    expect(formal).toEqual([]);
  });
});
