/** The native reader's checks (test/support/native-checks.ts) find what they look for and pass clean texts. */
import { describe, expect, it } from 'vitest';
import { frenchColons, frenchElision, seams } from '../support/native-checks';

describe('the checks a native reader makes', () => {
  it('find seams, a French colon without its space and a missing elision, and pass clean texts', () => {
    expect(seams('Au tour de {{name}}  :')).toEqual(['a placeholder', 'two spaces']);
    expect(seams('Score : NaN , undefined')).toEqual([
      'undefined',
      'NaN',
      'a space before a comma or a full stop',
    ]);
    expect(seams('```\n  1. Élise   12\n```')).toEqual(['two spaces']);
    expect(seams('Manche 3\u00a0: à Élise de jouer · 12 cases…')).toEqual([]);
    expect(frenchColons('Tournant: Élise')).toEqual(['t:']);
    expect(frenchColons('Tournant\u00a0: Élise à 12:30, /lièvre jouer case:12 :star:')).toEqual([]);
    expect(frenchElision('le tour de Élise, plus que Avancé 1', ['Élise', 'Avancé 1'])).toEqual([
      'de Élise',
      'que Avancé 1',
    ]);
    expect(frenchElision('Plateau de Le Lièvre', [])).toEqual(['de Le']);
    expect(frenchElision('au tour d’Élise, le hérisson d’Avancé 1', ['Élise', 'Avancé 1'])).toEqual([]);
  });
});
