/** Candy Land's win story: exact chances (a Markov chain over the track), shown as pure luck. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/games/candyland/simulate';
import { candyRenderer } from '../../../src/games/candyland/render/index';
import { applyAction, createGame } from '../../../src/games/candyland/rules/index';
import type { GameState } from '../../../src/games/candyland/rules/types';
import { candyStory, chancesFrom } from '../../../src/games/candyland/win/story';
import { textsDrawnBy } from '../greed/drawn-texts';

function playedOut(seats: number, seed: string, turnLimit: number | null = null): GameState {
  let state = createGame({ seats, seed, options: { turnLimit } });
  while (!state.over) state = applyAction(state, { type: 'draw' }).state;
  return state;
}

describe("Candy Land's win story", () => {
  it('gives each seat at the start the share of wins the simulator finds', () => {
    const exact = chancesFrom({ positions: [0, 0, 0, 0], stuck: [false, false, false, false], next: 0 });
    const simulated = simulate({ seats: 4, games: 100_000, seed: 'win-story' }).winsBySeat;
    exact.forEach((chance, seat) => expect(Math.abs(chance - simulated[seat]!)).toBeLessThan(0.01));
    expect(exact[0]).toBeGreaterThan(exact[3]!); // playing first is worth something
  });

  it('follows every turn of a game to the winner at 100%', () => {
    const state = playedOut(3, 'story');
    const story = candyStory(state);
    expect(story.chances).toHaveLength(story.turns.length + 1);
    expect(story.turns.length).toBeGreaterThanOrEqual(state.draws);
    for (const row of story.chances) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(story.chances.at(-1)![state.winner!]).toBe(1);
    expect(story.turns.at(-1)!.seat).toBe(state.winner);
    expect(story.method).toMatch(/^Pure luck/);
  });

  it('gives nobody a chance once the turn limit ends the game', () => {
    const state = playedOut(2, 'limit', 3);
    expect(state.winner).toBeNull();
    expect(candyStory(state).chances.at(-1)).toEqual([0, 0]);
  });

  it('draws the chart, the turning point and the luck of every seat in the summary', () => {
    const state = playedOut(2, 'summary');
    const seats = [
      { name: 'Ada', kind: 'human' },
      { name: 'Bo', kind: 'human' },
    ];
    const texts = textsDrawnBy(() => candyRenderer.summary({ state, seats, stoppedBy: null })).map(
      (drawn) => drawn.text,
    );
    expect(texts).toContain('Chance to win after each turn (%)');
    expect(
      texts.some((text) =>
        /^Turning point: (Ada|Bo)'s card to (space \d+|the castle) in round \d+/.test(text),
      ),
    ).toBe(true);
    expect(texts.filter((text) => /^Luck [+−]?\d+ pts?$/.test(text))).toHaveLength(2);
  });
});
