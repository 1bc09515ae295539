import { describe, expect, it } from 'vitest';
import { figureText, plural, withArticle } from '../../src/bot/views';
import { hareModule } from '../../src/games/hare/index';

describe('the words of the messages', () => {
  it('says "1 move", "2 turns" and "3 lettuces eaten" in the summary figures', () => {
    const state = hareModule.rules.create({ seats: 2, seed: 'words' });
    state.seats[0]!.stats = { ...state.seats[0]!.stats, turns: 1, lettucesEaten: 3, hareResults: 1 };
    const figures = hareModule.texts.figures(state, 0).map(figureText);
    expect(figures).toContain('1 move'); // Hare counts moves (a hare card's extra move among them), not rounds
    expect(figures).toContain('3 lettuces eaten');
    expect(figures).toContain('1 hare result');
    expect(figureText({ label: 'turns', singular: 'turn', value: 2 })).toBe('2 turns');
  });

  it('writes numbers of the summary figures one way, with thousands separators', () => {
    expect(figureText({ label: 'carrots spent', value: 1790 })).toBe('1,790 carrots spent');
    expect(figureText({ label: 'points', value: 12500 })).toBe('12,500 points');
    expect(figureText({ label: 'mean', value: '3.5' })).toBe('3.5 mean');
  });

  it('uses "an" before a vowel and plurals by count', () => {
    expect(withArticle('intermediate')).toBe('an intermediate');
    expect(withArticle('advanced')).toBe('an advanced');
    expect(withArticle('novice')).toBe('a novice');
    expect(plural(1, 'win')).toBe('1 win');
    expect(plural(0, 'game')).toBe('0 games');
  });
});
