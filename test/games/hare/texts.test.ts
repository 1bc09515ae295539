/** Hare & Tortoise's own texts in one voice: capitals at the start, counted nouns, one number format. */
import { describe, expect, it } from 'vitest';
import { hareControls } from '../../../src/games/hare/controls';
import { hareTexts } from '../../../src/games/hare/texts';
import { actionLabel, handText, rulesText } from '../../../src/games/hare/texts-core';
import { fixture } from './rules/helpers';

describe('the private hand', () => {
  it('counts one carrot and one lettuce in the singular', () => {
    const state = fixture({ seats: [{ position: 21, carrots: 1, lettuces: 1 }, {}] });
    expect(handText(state, 0)).toContain('with 1 carrot and 1 lettuce');
  });

  it('says where the runner stands: at the start, or on a square', () => {
    expect(handText(fixture({ seats: [{}, {}] }), 0)).toMatch(/^You are at the start with /);
    const onTwelve = fixture({ seats: [{ position: 12 }, {}] });
    expect(handText(onTwelve, 0)).toMatch(/^You are on square 12 \(number 3\) with /);
  });

  it('writes a thousand carrots with a comma', () => {
    const state = fixture({ seats: [{ position: 21, carrots: 1065 }, {}] });
    expect(handText(state, 0)).toContain('1,065 carrots');
  });

  it('names a finished place as the rest of the game does', () => {
    const state = fixture({ seats: [{ place: 1 }, {}, {}] });
    expect(handText(state, 0)).toBe('You finished 1st.');
  });

  it('starts every line with a capital', () => {
    const states = [
      fixture({ seats: [{ position: 21, carrots: 40 }, {}] }),
      fixture({ seats: [{ position: 10, lettuces: 2 }, {}] }),
      fixture({ seats: [{ position: 21 }, {}], current: 1 }),
    ];
    for (const state of states) {
      for (const line of handText(state, 0).split('\n')) expect(line).toMatch(/^[A-Z*]/);
    }
  });
});

describe('action labels', () => {
  it('say what a move back to a tortoise earns in carrots', () => {
    const state = fixture({ seats: [{ position: 23 }, {}] });
    expect(actionLabel(state, { type: 'move', to: 19 })).toBe('Back to tortoise square 19 (+40 carrots)');
  });

  it('name the square of a move', () => {
    const state = fixture({ seats: [{ position: 2 }, {}] });
    expect(actionLabel(state, { type: 'move', to: 12 })).toBe('Move to square 12');
  });
});

describe('the texts the platform shows', () => {
  const state = fixture({ seats: [{}, {}] });
  const ctx = { names: ['Alice', 'Intermediate 2'], viewerSeat: null };

  it('start every line with a capital', () => {
    const lines = [
      ...hareTexts.status(state, ctx),
      hareTexts.boardTitle!(state, ctx),
      ...rulesText('standard').split('\n'),
      ...rulesText('classic').split('\n'),
    ];
    for (const line of lines) expect(line).toMatch(/^_?[A-Z*•🐇]/u);
  });

  it('name the rule set of a game, as Hare has rule sets', () => {
    expect(hareTexts.optionsSummary!({ rules: 'classic' })).toBe('classic rules');
    expect(hareTexts.optionsSummary!({})).toBe('standard rules');
  });
});

describe('the controls under the board', () => {
  it('start every label and placeholder with a capital', () => {
    const states = [
      fixture({ seats: [{ position: 23 }, {}] }),
      fixture({ seats: [{ position: 21, carrots: 40 }, {}] }),
      fixture({ seats: [{ position: 10, lettuces: 2 }, {}] }),
    ];
    for (const state of states) {
      const texts = hareControls
        .rows(state, 0)
        .flat()
        .flatMap((control) =>
          control.kind === 'select'
            ? [control.placeholder, ...control.options.map((option) => option.label)]
            : [control.label],
        );
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toMatch(/^[A-Z0-9]/);
    }
  });
});
