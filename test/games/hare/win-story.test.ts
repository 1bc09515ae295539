/**
 * Hare & Tortoise's win story: every runner's chance to finish first after every round, by play-outs of the
 * novice computer bounded in time, and each runner's luck with the hare cards (or the hare die).
 */
import { imageWords } from '../../../src/games/draw/image-words';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hare/computer/index';
import { applyAction, createGame, seedRng, type GameState } from '../../../src/games/hare/rules/index';
import type { AiLevel } from '../../../src/games/hare/computer/index';
import type { SeatDisplay } from '../../../src/games/hare/render/index';
import { renderSummary } from '../../../src/games/hare/render/index';
import { chancesAt } from '../../../src/games/hare/win/forecast';
import { hareStory, playoutPasses } from '../../../src/games/hare/win/story';
import { replayActions } from '../../../src/games/hare/win/replay';
import { hareLuck } from '../../../src/games/hare/win/luck';
import { textsDrawnBy } from '../greed/drawn-texts';

function playedOut(
  seats: number,
  seed: string,
  levels: AiLevel[],
  rules: 'standard' | 'classic' = 'standard',
): GameState {
  let state = createGame({ rules, seats, seed });
  const rng = seedRng(`${seed}:computer`);
  while (!state.over) state = applyAction(state, chooseAction(state, levels[state.current]!, rng)).state;
  return state;
}

describe("Hare & Tortoise's win story", () => {
  it('estimates every round by play-outs: even at the start, the winner at 100%, every row a share of one', () => {
    const state = playedOut(3, 'story', ['novice', 'novice', 'novice']);
    const story = hareStory(state, { timeMs: Infinity })!;
    expect(story.chances).toHaveLength(state.history.length);
    expect(story.turns).toHaveLength(state.history.length - 1);
    for (const row of story.chances) {
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      for (const chance of row) expect(chance).toBeGreaterThanOrEqual(0);
    }
    // at the start every runner stands on the same square with the same carrots: only the seat order differs
    for (const chance of story.chances[0]!) expect(chance).toBeGreaterThan(0.15);
    const winner = state.seats.findIndex((seat) => seat.place === 1);
    expect(story.chances.at(-1)![winner]).toBe(1);
    // mid-game chances are estimates: whole counts of play-outs, not the forecast's smooth figures
    const passes = playoutPasses(state.history.length);
    // an estimate states its error: the 95% margin of a share of `passes` play-outs, at worst (a chance of 1/2)
    const margin = Math.round(98 / Math.sqrt(passes));
    expect(story.method).toBe(`Chances by ${passes} novice play-outs a round, each ±${margin} pts (95%).`);
    for (const row of story.chances.slice(0, -1))
      for (const chance of row)
        expect(Math.abs(chance * passes - Math.round(chance * passes))).toBeLessThan(1e-9);
    expect(hareStory(state, { timeMs: Infinity })).toEqual(story); // the same every time it is drawn
  });

  it('stops its play-outs within their time bound', () => {
    const state = playedOut(6, 'bounded', ['novice', 'novice', 'novice', 'novice', 'novice', 'novice']);
    hareLuck(state); // the forecast's table for six runners, built once a worker, is not a play-out
    // a clock that moves 1 ms each time it is read: the start, then once after each pass
    let clock = 0;
    const story = hareStory(state, { timeMs: 4, now: () => clock++ })!;
    const passes = Number(/^Chances by (\d+) novice play-outs/.exec(story.method)![1]);
    expect(passes).toBe(4);
    expect(passes).toBeLessThan(playoutPasses(state.history.length));
  });

  it('replays the game from its action log, card by card', () => {
    const state = playedOut(3, 'replay', ['novice', 'intermediate', 'novice']);
    const steps = replayActions(state)!;
    expect(steps.at(-1)!.after.seats.map((seat) => [seat.position, seat.carrots])).toEqual(
      state.seats.map((seat) => [seat.position, seat.carrots]),
    );
    expect(steps.some((step) => step.events.some((event) => event.type === 'hare-card'))).toBe(true);
  });

  it("measures each runner's luck with the cards, and with the hare die under the classic rules", () => {
    for (const rules of ['standard', 'classic'] as const) {
      const state = playedOut(3, `luck-${rules}`, ['novice', 'novice', 'novice'], rules);
      const story = hareStory(state, { timeMs: Infinity })!;
      expect(story.luck).toHaveLength(3);
      // the cards or the die brought somebody something, and no figure is beyond a whole game
      expect(story.luck!.some((luck) => Math.abs(luck) > 0.005)).toBe(true);
      for (const luck of story.luck!) expect(Math.abs(luck)).toBeLessThan(1);
      expect(story.givenAway).toBeNull();
    }
  });

  it('measures no luck for a game stored before the state kept its actions', () => {
    const state = playedOut(2, 'no-log', ['novice', 'novice']);
    const { actionLog: _dropped, ...old } = state;
    expect(hareStory(old, { timeMs: Infinity })!.luck).toBeNull();
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

  it("draws the chart, the turning point and every runner's luck in the summary", () => {
    const state = playedOut(2, 'summary', ['novice', 'intermediate']);
    const seats: SeatDisplay[] = [
      { name: 'Ada', kind: 'human' },
      { name: 'Intermediate 2', kind: 'intermediate' },
    ];
    const texts = textsDrawnBy(() => renderSummary(state, { seats })).map((drawn) => drawn.text);
    // the chances are estimated once a round, as the chart's axis and the method line count them
    expect(texts).toContain('Chance to win after each round (%)');
    for (const language of ['de', 'fr', 'es'] as const) {
      const drawn = textsDrawnBy(() => renderSummary(state, { seats, language })).map((text) => text.text);
      expect(drawn).toContain(imageWords(language)('images.chanceTitle.round'));
    }
    expect(
      texts.some((text) => /^Chances by \d+ novice play-outs a round, each ±\d+ pts \(95%\)\.$/.test(text)),
    ).toBe(true);
    expect(texts.filter((text) => /^Luck [+−]?\d+ pts?$/.test(text))).toHaveLength(2);
  });
});
