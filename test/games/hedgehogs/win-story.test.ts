/**
 * Hedgehogs' win story: the boards rebuilt from the move log, chances after every turn estimated by play-outs
 * within a time bound, each seat's luck and the win chance its choices gave away against the expert's.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import { replayMoveLog } from '../../../src/games/hedgehogs/rules/move-log';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';
import { hedgehogsStory, playoutPasses } from '../../../src/games/hedgehogs/win/story';
import { movementTurns } from '../../../src/games/hedgehogs/win/turns';
import { seedRng } from '../../../src/games/kit/random';
import { textsDrawnBy } from '../greed/drawn-texts';

function playedOut(
  seats: number,
  seed: string,
  turnLimit: number | null = null,
  levels: readonly string[] = [],
): GameState[] {
  let state = createGame({ seats, seed, options: { turnLimit } });
  const rng = seedRng(`${seed}:computer`);
  const seen = [state];
  while (state.phase !== 'over') {
    state = applyAction(state, chooseAction(state, levels[state.current] ?? 'advanced', rng)).state;
    seen.push(state);
  }
  return seen;
}

describe("Hedgehogs' win story", () => {
  it('rebuilds the board after every movement turn from the move log', () => {
    const seen = playedOut(3, 'log');
    const final = seen.at(-1)!;
    const boards = replayMoveLog(final.moveLog!);
    // every state at the start of a movement turn (after its roll) shows the board the log gives for it
    const turnStarts = seen.filter(
      (state, i) =>
        i > 0 && state.phase !== 'place' && state.phase !== 'over' && seen[i - 1]!.current !== state.current,
    );
    for (const state of turnStarts.slice(0, 20)) {
      const turnsEnded = state.moveLog!.filter((code) => code >= 3000).length;
      expect(boards[turnsEnded]!.stacks).toEqual(state.stacks);
    }
  });

  it("estimates every seat's chance after every turn, the winner ending at 100%", () => {
    const final = playedOut(2, 'story').at(-1)!;
    const story = hedgehogsStory(final, { timeMs: Infinity })!;
    const turns = movementTurns(final);
    // the board after the placements, then one point after every movement turn, the winning one last
    expect(turns.length).toBeGreaterThan(final.round * 2);
    expect(story.chances).toHaveLength(turns.length + 1);
    expect(story.turns).toHaveLength(turns.length);
    expect(story.per ?? 'turn').toBe('turn');
    story.turns.forEach((turn, i) => {
      expect(turn.seat).toBe(i % 2);
      expect(turn.when).toBe(`round ${Math.floor(i / 2) + 1}`);
    });
    for (const row of story.chances) expect(row[0]! + row[1]!).toBeCloseTo(1, 9);
    expect(story.chances.at(-1)![final.winner!]).toBe(1);
    const passes = playoutPasses(turns.length);
    expect(story.method).toBe(`Chances by ${passes} play-outs a turn; choices judged by the expert.`);
    expect(hedgehogsStory(final, { timeMs: Infinity })).toEqual(story); // the same every time it is drawn
  });

  it('gives away nothing for the advanced computer, and some for random choices', () => {
    const experts = hedgehogsStory(playedOut(2, 'experts').at(-1)!)!;
    expect(experts.givenAway).toEqual([0, 0]);
    // random choices: what they give away is estimated by play-outs (noisy one game at a time), so over a few
    let novice = 0;
    for (const seed of ['m1', 'm2', 'm3', 'm4']) {
      const final = playedOut(2, seed, null, ['novice', 'advanced']).at(-1)!;
      const mixed = hedgehogsStory(final, { timeMs: Infinity })!;
      expect(mixed.givenAway![1]).toBe(0);
      novice += mixed.givenAway![0]!;
    }
    expect(novice).toBeGreaterThan(0.2);
  });

  it("counts each seat's luck as its own turns' swing plus what its choices gave away, against the average turn", () => {
    const final = playedOut(3, 'luck', null, ['novice', 'advanced', 'novice']).at(-1)!;
    const story = hedgehogsStory(final)!;
    const brought = [0, 0, 0];
    const turns = [0, 0, 0];
    story.turns.forEach((turn, i) => {
      brought[turn.seat]! += story.chances[i + 1]![turn.seat]! - story.chances[i]![turn.seat]!;
      turns[turn.seat]! += 1;
    });
    story.givenAway!.forEach((given, seat) => (brought[seat]! += given));
    const average = brought.reduce((a, b) => a + b, 0) / story.turns.length;
    story.luck!.forEach((luck, seat) => expect(luck).toBeCloseTo(brought[seat]! - average * turns[seat]!, 9));
    // luck against the average: it adds up to nothing over the seats
    expect(story.luck!.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
  });

  it('stops its play-outs within their time bound', () => {
    const final = playedOut(6, 'bounded').at(-1)!;
    // a clock that moves 1 ms each time it is read: the start, then once after each pass
    let clock = 0;
    const story = hedgehogsStory(final, { timeMs: 3, now: () => clock++ })!;
    // at least one pass over every turn, then no new pass once the bound is passed
    const passes = Number(/^Chances by (\d+) play-outs/.exec(story.method)![1]);
    expect(passes).toBe(3);
    expect(passes).toBeLessThan(playoutPasses(movementTurns(final).length));
    for (const row of story.chances) for (const chance of row) expect(chance).toBeGreaterThanOrEqual(0);
  });

  it('shows no chances for a game stored before the move log was kept', () => {
    const final = playedOut(2, 'old').at(-1)!;
    const { moveLog: _dropped, ...old } = final;
    expect(hedgehogsStory(old)).toBeNull();
    const texts = textsDrawnBy(() =>
      hedgehogsRenderer.summary({
        state: old,
        seats: [
          { name: 'Ada', kind: 'human' },
          { name: 'Bo', kind: 'human' },
        ],
        stoppedBy: null,
      }),
    ).map((drawn) => drawn.text);
    expect(texts).not.toContain('Chance to win after each turn (%)');
  });

  it("draws the chart, the turning point, each seat's luck and choices given away in the summary", () => {
    const final = playedOut(2, 'summary', null, ['novice', 'advanced']).at(-1)!;
    const seats = [
      { name: 'Ada', kind: 'human' },
      { name: 'Bo', kind: 'human' },
    ];
    const texts = textsDrawnBy(() => hedgehogsRenderer.summary({ state: final, seats, stoppedBy: null })).map(
      (drawn) => drawn.text,
    );
    expect(texts).toContain('Chance to win after each turn (%)');
    expect(texts.some((text) => text.startsWith('Turning point: '))).toBe(true);
    expect(texts.filter((text) => /^Luck [+−]?\d+ pts?$/.test(text))).toHaveLength(2);
    expect(texts.filter((text) => /^Choices gave away (nothing|\d+ pts?)$/.test(text))).toHaveLength(2);
  });
});
