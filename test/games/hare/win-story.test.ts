/** Hare & Tortoise's win story: every runner's chance to finish first after every round, from the forecast. */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hare/computer/index';
import { applyAction, createGame, seedRng, type GameState } from '../../../src/games/hare/rules/index';
import type { AiLevel } from '../../../src/games/hare/computer/index';
import type { SeatDisplay } from '../../../src/games/hare/render/index';
import { renderSummary } from '../../../src/games/hare/render/index';
import { chancesAt, hareStory } from '../../../src/games/hare/win/story';
import { textsDrawnBy } from '../greed/drawn-texts';

function playedOut(seats: number, seed: string, levels: AiLevel[]): GameState {
  let state = createGame({ rules: 'standard', seats, seed });
  const rng = seedRng(`${seed}:computer`);
  while (!state.over) state = applyAction(state, chooseAction(state, levels[state.current]!, rng)).state;
  return state;
}

describe("Hare & Tortoise's win story", () => {
  it('starts even, follows every round and ends with the winner at 100%', () => {
    const state = playedOut(3, 'story', ['novice', 'novice', 'novice']);
    const story = hareStory(state)!;
    expect(story.chances).toHaveLength(state.history.length);
    expect(story.turns).toHaveLength(state.history.length - 1);
    for (const row of story.chances) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // at the start every runner stands on the same square with the same carrots: only the seat order differs
    for (const chance of story.chances[0]!) expect(chance).toBeGreaterThan(0.25);
    const winner = state.seats.findIndex((seat) => seat.place === 1);
    expect(story.chances.at(-1)![winner]).toBe(1);
    expect(story.luck).toBeNull();
  });

  it('favours the runner nearer the finish with what it needs', () => {
    const start = createGame({ rules: 'standard', seats: 2, seed: 'near' });
    const ahead = {
      ...start,
      seats: start.seats.map((seat, index) =>
        index === 1 ? { ...seat, position: 50, carrots: 40, lettuces: 0 } : seat,
      ),
    };
    const [behind, front] = chancesAt(ahead);
    expect(front!).toBeGreaterThan(0.9);
    expect(behind!).toBeLessThan(0.1);
  });

  it('shows no chances for a game stored before the state kept lettuces', () => {
    const state = playedOut(2, 'old', ['novice', 'novice']);
    const { lettuceHistory: _dropped, ...old } = state;
    expect(hareStory(old)).toBeNull();
  });

  it('draws the chart and the turning point in the summary', () => {
    const state = playedOut(2, 'summary', ['novice', 'intermediate']);
    const seats: SeatDisplay[] = [
      { name: 'Ada', kind: 'human' },
      { name: 'Intermediate 2', kind: 'intermediate' },
    ];
    const texts = textsDrawnBy(() => renderSummary(state, { seats })).map((drawn) => drawn.text);
    expect(texts).toContain('Chance to win after each turn (%)');
    expect(texts).toContain("Chances from the advanced computer's forecast of every runner.");
  });
});
