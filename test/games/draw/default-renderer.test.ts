/**
 * The default board and summary (a module without a renderer) say what the contract offers: the title, whose
 * turn or the result, each seat with its place and figures, the module's grid, its status and the latest log
 * lines (only the viewer's secrets), read from the texts the canvas draws.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../../src/games/contract';
import { defaultRenderer } from '../../../src/games/draw/default-renderer';
import { noughtsModule } from '../../fixtures/games/noughts/index';
import type { NoughtsEvent, NoughtsState } from '../../fixtures/games/noughts/rules';
import { textsDrawnBy } from '../greed/drawn-texts';

const seats: SeatView[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Careful 2', kind: 'careful' },
];
const module = noughtsModule as AnyGameModule;
const renderer = defaultRenderer(module);

function played(cells: readonly number[]): { state: NoughtsState; events: NoughtsEvent[] } {
  let state = noughtsModule.rules.create({ seats: 2, seed: 'default' });
  const events: NoughtsEvent[] = [];
  for (const cell of cells) {
    const result = noughtsModule.rules.apply(state, { type: 'mark', cell });
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

describe('the default board', () => {
  it('shows the title, whose turn, the seats with their figures, the grid, the status and the latest moves', () => {
    const { state, events } = played([4, 0, 8]);
    const texts = textsDrawnBy(() =>
      renderer.board({ state, seats, recentEvents: events, viewerSeat: null }),
    ).map((drawn) => drawn.text);
    expect(texts.slice(0, 2)).toEqual(['Noughts and Crosses', 'Careful 2 to play']);
    expect(texts).toEqual(expect.arrayContaining(['Ada', '2 marks', 'Careful 2', '1 mark']));
    expect(texts.filter((text) => text === 'X')).toHaveLength(2);
    expect(texts.filter((text) => text === 'O')).toHaveLength(1);
    expect(texts).toEqual(expect.arrayContaining(['Careful 2 (O) to play.', '6 of 9 cells free.']));
    expect(texts).toEqual(
      expect.arrayContaining(['Latest', 'Ada (X) marks b2', 'Careful 2 (O) marks a1', 'Ada (X) marks c3']),
    );
    // No places while everyone shares the first.
    expect(texts).not.toContain('1st');
  });

  it('shows the result and the places once the game is over', () => {
    const { state, events } = played([0, 3, 1, 4, 2]);
    const texts = textsDrawnBy(() =>
      renderer.board({ state, seats, recentEvents: events, viewerSeat: 0 }),
    ).map((drawn) => drawn.text);
    expect(texts[1]).toBe('Ada wins');
    expect(texts).toEqual(expect.arrayContaining(['1st', '2nd', 'Ada (X) has three in a line: a1, b1, c1']));
  });
});

describe('the default summary', () => {
  it('names the winner and the places, and draws the final grid', () => {
    const { state } = played([0, 3, 1, 4, 2]);
    const texts = textsDrawnBy(() => renderer.summary({ state, seats, stoppedBy: null })).map(
      (drawn) => drawn.text,
    );
    expect(texts[0]).toBe('Noughts and Crosses · Ada wins');
    expect(texts).toEqual(expect.arrayContaining(['1st', '2nd', '3 marks', '2 marks']));
    expect(texts.filter((text) => text === 'X')).toHaveLength(3);
  });

  it('names who stopped a game and no places', () => {
    const { state } = played([0, 3]);
    const texts = textsDrawnBy(() => renderer.summary({ state, seats, stoppedBy: 'Mod' })).map(
      (drawn) => drawn.text,
    );
    expect(texts[0]).toBe('Noughts and Crosses · stopped by Mod');
    expect(texts).not.toContain('1st');
  });
});
