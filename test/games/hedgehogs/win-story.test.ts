/** Hedgehogs' win story: the boards rebuilt from the move log, and chances estimated by play-outs. */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import { replayMoveLog } from '../../../src/games/hedgehogs/rules/move-log';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';
import { hedgehogsStory, playoutsPerRound } from '../../../src/games/hedgehogs/win/story';
import { seedRng } from '../../../src/games/kit/random';
import { textsDrawnBy } from '../greed/drawn-texts';

function playedOut(seats: number, seed: string, turnLimit: number | null = null): GameState[] {
  let state = createGame({ seats, seed, options: { turnLimit } });
  const rng = seedRng(`${seed}:computer`);
  const seen = [state];
  while (state.phase !== 'over') {
    state = applyAction(state, chooseAction(state, 'advanced', rng)).state;
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

  it("estimates every seat's chance after every round, the winner ending at 100%", () => {
    const final = playedOut(2, 'story').at(-1)!;
    const story = hedgehogsStory(final)!;
    // the board after the placements, after every complete round, and the end in the winning round
    expect(story.chances).toHaveLength(final.round + 2);
    expect(story.turns).toHaveLength(final.round + 1);
    for (const row of story.chances) expect(row[0]! + row[1]!).toBeCloseTo(1, 9);
    expect(story.chances.at(-1)![final.winner!]).toBe(1);
    expect(story.method).toBe(
      `Chances estimated by ${playoutsPerRound(final.round + 1, 2)} play-outs a round of a simple player.`,
    );
    expect(story.luck).toBeNull();
    expect(hedgehogsStory(final)).toEqual(story); // the same every time it is drawn
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
    expect(texts).not.toContain('Chance to win after each round (%)');
  });

  it('draws the chart and the turning point in the summary', () => {
    const final = playedOut(2, 'summary').at(-1)!;
    const seats = [
      { name: 'Ada', kind: 'human' },
      { name: 'Bo', kind: 'human' },
    ];
    const texts = textsDrawnBy(() => hedgehogsRenderer.summary({ state: final, seats, stoppedBy: null })).map(
      (drawn) => drawn.text,
    );
    expect(texts).toContain('Chance to win after each round (%)');
    expect(texts.some((text) => text.startsWith('Turning point: '))).toBe(true);
  });

  it("keeps a long game's summary within its time", () => {
    const final = playedOut(6, 'long').at(-1)!;
    const seats = Array.from({ length: 6 }, (_, seat) => ({ name: `Player ${seat + 1}`, kind: 'human' }));
    const started = performance.now();
    hedgehogsRenderer.summary({ state: final, seats, stoppedBy: null });
    // the play-outs and the drawing, well within the 3 s the summary has after the last move
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
