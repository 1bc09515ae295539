/**
 * The images draw a view as they find it (GameRules.observe): a runner whose carrots the view hides reads
 * "Hidden", whatever the image is told to show, and the events in its header tell no hidden count.
 */
import { describe, expect, it } from 'vitest';
import { hareModule } from '../../../../src/games/hare/index';
import { renderBoard, type SeatDisplay } from '../../../../src/games/hare/render/index';
import { nextInt, seedRng, type GameEvent, type GameState } from '../../../../src/games/hare/rules/index';
import { catchTexts } from './drawn-texts';

const SEATS: SeatDisplay[] = ['Alice', 'Bram', 'Cleo', 'Dora'].map((name) => ({ name, kind: 'human' }));

function standardRace(actions: number): { state: GameState; events: GameEvent[] } {
  const rng = seedRng('view texts');
  let state = hareModule.rules.create({ seats: 4, seed: 'view texts', options: { rules: 'standard' } });
  let events: GameEvent[] = [];
  for (let step = 0; step < actions && !state.over; step++) {
    const legal = hareModule.rules.legalActions(state);
    ({ state, events } = hareModule.rules.apply(state, legal[nextInt(rng, legal.length)]!));
  }
  return { state, events };
}

describe('a board drawn from a view', () => {
  it('says "Hidden" for every count the view hides, even when told to show carrots', () => {
    const { state, events } = standardRace(25);
    const view = hareModule.rules.observe(state, null);
    const seen = events.map((event) => hareModule.rules.observeEvent!(event, state, null));
    const texts = catchTexts(() =>
      renderBoard(view, { seats: SEATS, recentEvents: seen, viewerSeat: null, hideCarrots: false }),
    ).texts.map((drawn) => drawn.text);
    expect(texts.filter((text) => text === 'Hidden')).toHaveLength(4);
    expect(texts.join('\n')).not.toMatch(/-1\b|carrots -1|−1\b/);
  });
});
