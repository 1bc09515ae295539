import { describe, expect, it } from 'vitest';
import { catalogueStrings } from './catalogue-strings';
import { FORMAL, type NativeLanguage } from '../support/native-checks';

/**
 * Game communities write to a player as du / tu / tú: a catalogue that addresses the reader formally anywhere
 * mixes two voices. Each pattern (test/support/native-checks.ts) is a formal form the informal texts never need.
 */

describe.each(Object.keys(FORMAL))('the %s catalogues', (language) => {
  it('speak to the reader informally, like the game communities do', () => {
    const formal = catalogueStrings(language).flatMap(({ where, text }) =>
      FORMAL[language as NativeLanguage]
        .filter((pattern) => pattern.test(text))
        .map((p) => `${where}: ${p} in "${text}"`),
    );
    expect(formal).toEqual([]);
  });
});
