/**
 * What the table and the summary images say, read from the texts they draw: nothing overlaps, names are cut
 * (with an ellipsis) only when a human's long name does not fit and never take the words after them along,
 * a computer's level is not added to its name again, and every number has its thousands separator.
 */
import { describe, expect, it } from 'vitest';
import type { SeatView } from '../../../src/games/contract';
import { greedRenderer } from '../../../src/games/greed/render/index';
import { applyAction } from '../../../src/games/greed/rules/index';
import type { GameEvent, GameState } from '../../../src/games/greed/rules/types';
import { textsDrawnBy, overlaps, type DrawnText } from './drawn-texts';
import { newGame, play } from './helpers';

const LONG_NAME = 'W'.repeat(32);
const OTHER_LONG_NAME = 'Maximilian Alexander Montgomery!';
const SEATS: SeatView[] = [
  { name: LONG_NAME, kind: 'human' },
  { name: 'Steady 2', kind: 'steady' },
  { name: 'Bo', kind: 'human' },
  { name: 'Greedy 4', kind: 'greedy' },
  { name: 'Expert 5', kind: 'expert' },
  { name: OTHER_LONG_NAME, kind: 'human' },
];
const LEVELS = ['cautious', 'steady', 'greedy', 'expert'];

function board(state: GameState, events: GameEvent[]): string[] {
  const drawn = textsDrawnBy(() =>
    greedRenderer.board({ state, seats: SEATS, recentEvents: events, viewerSeat: null }),
  );
  expect(overlaps(drawn)).toEqual([]);
  return checked(drawn);
}

/** Whether `shown` ends in the start of a human's name that begins it or follows a space. */
function cutsAHumanName(shown: string): boolean {
  const humans = SEATS.filter((seat) => seat.kind === 'human').map((seat) => seat.name);
  return Array.from(shown, (_, i) => i).some(
    (i) => (i === 0 || shown[i - 1] === ' ') && humans.some((name) => name.startsWith(shown.slice(i))),
  );
}

/** The drawn texts, once checked for what every Greed image must respect. */
function checked(drawn: readonly DrawnText[]): string[] {
  const texts = drawn.map((text) => text.text);
  for (const text of texts) {
    expect(text).not.toMatch(/\d{4}/);
    const cut = text.indexOf('…');
    if (cut >= 0) expect(cutsAHumanName(text.slice(0, cut)), `'${text}' cuts a human's name`).toBe(true);
    for (const level of LEVELS)
      expect(
        text.toLowerCase().split(level).length - 1,
        `'${text}' names a level once at most`,
      ).toBeLessThanOrEqual(1);
  }
  return texts;
}

/** A six-seat game to 20,000 in its last round, the long-named first player at 12,500 and rolling. */
function lateGame(): GameState {
  const state = newGame(6, { target: 20_000, turnLimit: 500 });
  return { ...state, round: 499, finalRound: true, scores: [12_500, 20_150, 0, 3_400, 950, 0] };
}

describe('the Greed table', () => {
  it('shows the final round and the target side by side, and what a roll and the turn total are', () => {
    const { state, events } = play(lateGame(), [[1, 1, 1, 5, 2], [1]]);
    const texts = board(state, events);
    expect(texts).toContain('Greed · round 500 of 500');
    expect(texts).toContain('FINAL ROUND');
    expect(texts).toContain('target 20,000');
    expect(texts.find((text) => text.endsWith(' rolled 100'))).toMatch(/^W+… rolled 100$/);
    expect(texts.find((text) => text.includes('turn total'))).toMatch(/^W+…: turn total 1,150$/);
    expect(texts).toContain('12,500');
    expect(texts).toContain('20,150');
  });

  it('keeps the BUSTS and the points lost beside a long name', () => {
    const { state, events } = play(lateGame(), [[1, 1, 1, 5, 2], [2]]);
    const texts = board(state, events);
    expect(texts.find((text) => text.endsWith(' BUSTS'))).toMatch(/^W+… BUSTS$/);
    expect(texts).toContain('loses 1,050');
    expect(texts).toContain('Steady 2 to roll');
  });

  it('names computers as they are called, without their level a second time', () => {
    let { state, events } = play(newGame(6), [[2, 3, 4, 6, 6]]);
    ({ state, events } = play(state, [[1, 1, 1, 1, 5]]));
    const texts = board(state, events);
    expect(texts).toEqual(expect.arrayContaining(['Steady 2 rolled 1,150', 'Greedy 4', 'Expert 5', 'Bo']));
    expect(texts).toContain('Steady 2: turn total 1,150');
    expect(texts.filter((text) => text === 'not entered')).toHaveLength(6);
  });

  it('says nothing of entering when the options have no entry score', () => {
    const { state, events } = play(newGame(6, { entry: 0 }), [[5, 2, 3, 4, 6], 'stop']);
    const texts = board(state, events);
    expect(texts.join('\n')).not.toMatch(/enter/);
  });
});

describe('the Greed summary', () => {
  function finished(): GameState {
    let state = newGame(6, { target: 1000 });
    const script: (readonly number[] | 'stop')[] = [[1, 1, 1, 5, 2], 'stop', [2, 3, 4, 6, 6]];
    ({ state } = play(state, script));
    while (!state.over) state = applyAction(state, { type: 'roll' }).state;
    return state;
  }

  it('keeps its title, headers and figures whole, with separators and a dash for no banked turn', () => {
    const state = finished();
    const drawn = textsDrawnBy(() => greedRenderer.summary({ state, seats: SEATS, stoppedBy: null }));
    const texts = checked(drawn);
    expect(texts[0]).toMatch(/^Greed · won by W+…$/);
    expect(texts).toEqual(expect.arrayContaining(['Turns', 'Busts', 'Best turn', 'Hot dice']));
    expect(texts).toEqual(expect.arrayContaining(['1,050', 'Steady 2', 'Greedy 4', 'Expert 5', '–']));
    expect(texts).not.toContain('nothing');
    expect(texts).not.toContain('0 best turn');
  });

  it('leaves room for the score axis up to the highest target', () => {
    const played = finished();
    const state = { ...played, options: { ...played.options, target: 20_000 } };
    const drawn = textsDrawnBy(() => greedRenderer.summary({ state, seats: SEATS, stoppedBy: null }));
    expect(checked(drawn)).toContain('20,000');
    const outside = drawn.filter((text) => text.left < 20 || text.right > 780).map((text) => text.text);
    expect(outside).toEqual([]);
  });
});
