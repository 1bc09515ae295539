/** The Novice player, rule by rule (docs/rules.md, "The classic Novice computer player"). */
import { describe, expect, it } from 'vitest';
import { legalActions, seedRng, type Action } from '../../../../src/games/hare/rules/index';
import { chooseAction } from '../../../../src/games/hare/computer/index';
import { fixture } from './fixtures';

const novice = (state: Parameters<typeof chooseAction>[0], seed = 'novice') =>
  chooseAction(state, 'novice', seedRng(seed));

describe('novice rule 1: on a lettuce square, allowed to eat, it eats', () => {
  it('eats even when a lettuce square ahead is also reachable (classic rules, where eating is optional)', () => {
    const state = fixture('classic', [{ position: 10, carrots: 80, lettuces: 2 }, { position: 3 }]);
    expect(legalActions(state)).toContainEqual({ type: 'move', to: 22 });
    expect(novice(state)).toEqual({ type: 'eat' });
  });

  it('does not try to eat twice in one stay', () => {
    const state = fixture('classic', [
      { position: 10, carrots: 80, lettuces: 2, ateHere: true },
      { position: 3 },
    ]);
    expect(novice(state)).toEqual({ type: 'move', to: 22 });
  });
});

describe('novice rule 2: it finishes when the finish is legal', () => {
  it('finishes rather than heading for square 59 with many carrots', () => {
    const state = fixture('standard', [{ position: 56, carrots: 40, lettuces: 0 }, { position: 20 }]);
    expect(legalActions(state)).toContainEqual({ type: 'move', to: 59 });
    expect(novice(state)).toEqual({ type: 'move', to: 64 });
  });

  it('uses the finishing limit of its place: second place may keep 20 carrots', () => {
    const state = fixture('standard', [
      { position: 61, carrots: 25, lettuces: 0 },
      { position: 64, place: 1 },
      { position: 30 },
    ]);
    expect(novice(state)).toEqual({ type: 'move', to: 64 });
  });
});

describe('novice rule 3: it moves to the nearest lettuce square it can reach', () => {
  it('takes the nearest of two reachable lettuce squares', () => {
    const state = fixture('standard', [{ position: 5, carrots: 160, lettuces: 3 }, { position: 3 }]);
    expect(legalActions(state)).toContainEqual({ type: 'move', to: 22 });
    expect(novice(state)).toEqual({ type: 'move', to: 10 });
  });

  it('takes the next one when the nearest is occupied', () => {
    const state = fixture('standard', [{ position: 5, carrots: 160, lettuces: 3 }, { position: 10 }]);
    expect(novice(state)).toEqual({ type: 'move', to: 22 });
  });
});

describe('novice rule 4: near the end it heads for carrot square 59, and sheds carrots on carrot squares', () => {
  it('moves to 59 from square 56 or beyond with more than 36 carrots', () => {
    const state = fixture('standard', [{ position: 58, carrots: 60, lettuces: 0 }, { position: 20 }]);
    expect(novice(state)).toEqual({ type: 'move', to: 59 });
  });

  it('does not when 59 is occupied (it plays at random instead)', () => {
    const state = fixture('standard', [{ position: 58, carrots: 60, lettuces: 0 }, { position: 59 }]);
    const action = novice(state);
    expect(action).not.toEqual({ type: 'move', to: 59 });
    expect(legalActions(state)).toContainEqual(action);
  });

  it('pays 10 on a carrot square holding more carrots than the finish allows', () => {
    const state = fixture('standard', [{ position: 61, carrots: 30, lettuces: 0 }, { position: 20 }]);
    expect(novice(state)).toEqual({ type: 'carrots', amount: -10 });
  });

  it('pays 10 on any carrot square (the rule read literally), here square 26 with 65 carrots', () => {
    const state = fixture('standard', [{ position: 26, carrots: 65, lettuces: 3 }, { position: 0 }]);
    expect(novice(state)).toEqual({ type: 'carrots', amount: -10 });
  });

  it('uses the classic limit of 20', () => {
    const kept = fixture('classic', [{ position: 26, carrots: 20, lettuces: 3 }, { position: 0 }]);
    const shed = fixture('classic', [{ position: 26, carrots: 21, lettuces: 3 }, { position: 0 }]);
    expect(novice(shed)).toEqual({ type: 'carrots', amount: -10 });
    const picks = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => JSON.stringify(novice(kept, seed))));
    expect(picks.size).toBeGreaterThan(1);
  });
});

describe('novice rule 5: otherwise a legal action chosen uniformly at random', () => {
  // Square 12 with 20 carrots: no lettuce square within reach, not a carrot square, far from the end.
  const state = fixture('standard', [{ position: 12, carrots: 20, lettuces: 3 }, { position: 0 }]);

  it('picks every legal action about equally often over many streams', () => {
    const legal = legalActions(state);
    const counts = new Map<string, number>();
    for (let stream = 0; stream < 600; stream++) {
      const action = novice(state, `stream ${stream}`);
      const key = JSON.stringify(action);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(new Set(counts.keys())).toEqual(new Set(legal.map((action: Action) => JSON.stringify(action))));
    for (const count of counts.values()) expect(count).toBeGreaterThan((600 / legal.length) * 0.6);
  });

  it('draws from its own stream: the same stream gives the same action and advances the same', () => {
    const first = seedRng('same');
    const second = seedRng('same');
    expect(chooseAction(state, 'novice', first)).toEqual(chooseAction(state, 'novice', second));
    expect(first).toEqual(second);
    expect(first).not.toEqual(seedRng('same'));
  });
});
