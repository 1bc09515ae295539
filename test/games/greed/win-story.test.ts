/** Greed's win story: each seat's chance to win after every turn, its turning point and each seat's luck. */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/greed/computer/index';
import { DEFAULT_RACE_TABLE } from '../../../src/games/greed/computer/race-table-default';
import { greedRenderer } from '../../../src/games/greed/render/index';
import { applyAction } from '../../../src/games/greed/rules/index';
import type { GameState } from '../../../src/games/greed/rules/types';
import { greedStory, PLAYOUTS_PER_TURN } from '../../../src/games/greed/win/story';
import { turningPoint } from '../../../src/games/draw/win-story';
import { textsDrawnBy } from './drawn-texts';
import { newGame, play } from './helpers';
import { chanceGivenAway } from '../../../src/games/greed/win/choices';

function playedOut(seats: number, seed: string, levels: string[]): GameState {
  let state = newGame(seats, {}, seed);
  for (let step = 0; step < 5000 && !state.over; step++)
    state = applyAction(state, chooseAction(state, levels[state.current]!)).state;
  expect(state.over).toBe(true);
  return state;
}

/** A two-player game whose banked scores after each turn are `history` (seat 0's, seat 1's). */
function withHistory(history: number[][], over: boolean): GameState {
  const state = newGame(2, {});
  const scores = history.map((turns) => turns.at(-1) ?? 0);
  return { ...state, history, scores, over, finalRound: scores.some((score) => score >= 5000) };
}

describe("Greed's win story", () => {
  it('for two players is exact: the race table before the final round, the last turn in it', () => {
    const story = greedStory(withHistory([[3000, 5000], [4800]], false));
    expect(story.method).toBe("Chances exact, from the expert's tables.");
    expect(story.chances[0]![0]).toBeCloseTo(DEFAULT_RACE_TABLE.first[0]!, 6);
    // after seat 0's 5000: seat 1, 200 behind with one turn left, has 0.672
    expect(story.chances[3]![1]).toBeCloseTo(0.672, 3);
    for (const row of story.chances) expect(row[0]! + row[1]!).toBeCloseTo(1, 9);
  });

  it('estimates two players of other options by play-outs rather than wait for their table', () => {
    let state = newGame(2, { target: 3000, entry: 0 }, 'other-options');
    while (!state.over) state = applyAction(state, chooseAction(state, 'steady')).state;
    const started = performance.now();
    const story = greedStory(state);
    expect(performance.now() - started).toBeLessThan(1000); // a fresh table takes seconds
    expect(story.method).toMatch(/^Chances by \d+ play-outs a turn/);
  });

  it('ends with the winner at 100%, and names the turn that swung a chance most', () => {
    const story = greedStory(
      withHistory(
        [
          [3000, 5000],
          [4800, 4800],
        ],
        true,
      ),
    );
    expect(story.chances.at(-1)).toEqual([1, 0]);
    expect(story.turns.map((turn) => turn.what)).toEqual(['3,000', '4,800', '2,000', 'bust']);
    // Ada's 3,000 leaves Bo about 2%; Bo's 4,800 answers it (to 99%): the largest swing of all four turns
    expect(story.chances[1]![1]).toBeLessThan(0.03);
    expect(turningPoint(story, ['Ada', 'Bo'])).toBe(
      "Turning point: Bo's 4,800 in round 1 took them from 2% to 99%.",
    );
  });

  it('for three players is estimated by play-outs, each row a share of one, the luck adding up', () => {
    const state = playedOut(3, 'story-3', ['steady', 'expert', 'greedy']);
    const story = greedStory(state);
    expect(story.method).toBe(
      `Chances by ${PLAYOUTS_PER_TURN} play-outs a turn; choices judged in final rounds.`,
    );
    expect(story.chances).toHaveLength(state.history.flat().length + 1);
    for (const row of story.chances) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(story.chances[0]!.every((chance) => chance > 0.2 && chance < 0.5)).toBe(true);
    const winner = state.scores.indexOf(Math.max(...state.scores));
    expect(story.chances.at(-1)![winner]).toBe(1);
  });

  it("draws the chart, the turning point and every seat's luck in the summary", () => {
    const state = playedOut(2, 'story-2', ['expert', 'steady']);
    const seats = [
      { name: 'Ada', kind: 'human' },
      { name: 'Steady 2', kind: 'steady' },
    ];
    const texts = textsDrawnBy(() => greedRenderer.summary({ state, seats, stoppedBy: null })).map(
      (t) => t.text,
    );
    expect(texts).toContain('Chance to win after each turn (%)');
    expect(texts).toContain("Chances exact, from the expert's tables.");
    expect(texts.some((text) => text.startsWith('Turning point: '))).toBe(true);
    expect(texts.filter((text) => /^Luck [+−]?\d+ pts?$/.test(text))).toHaveLength(2);
    expect(texts).toContain('Choices gave away nothing'); // the expert's
  });
});

describe('the win chance choices gave away', () => {
  it('is nothing for the expert, in two-player games and in final rounds', () => {
    for (const seed of ['away-1', 'away-2']) {
      const given = chanceGivenAway(playedOut(2, seed, ['expert', 'expert']));
      expect(given![0]).toBeLessThan(1e-9);
      expect(given![1]).toBeLessThan(1e-9);
    }
  });

  it('counts what rolling on cost where stopping was better (0.328 against 0.296)', () => {
    // round 2: seat 0 reached 5000; seat 1 (4800) has a turn of 300 with two dice left; seat 2 (4900) plays last
    const start = newGame(3, {});
    const state: GameState = {
      ...start,
      history: [[4500, 5000], [4800], [4900]],
      scores: [5000, 4800, 4900],
      current: 1,
      turnTotal: 300,
      diceInCup: 2,
      rolled: true,
      finalRound: true,
      round: 1,
    };
    const { state: after } = play(state, [[2, 3]]); // rolls on (and busts)
    const given = chanceGivenAway(after)!;
    expect(given[1]).toBeCloseTo(0.328 - 0.296, 3);
    expect(given[0]).toBe(0);
  });

  it('is not measured for a game stored before the choices were kept', () => {
    const { choices: _dropped, ...old } = playedOut(2, 'old', ['steady', 'steady']);
    expect(chanceGivenAway(old)).toBeNull();
    expect(greedStory(old).givenAway).toBeNull();
  });
});
