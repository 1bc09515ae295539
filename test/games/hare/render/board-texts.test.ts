/**
 * What the board and summary images say, read from the texts the canvas draws: the key explains only the marks
 * the image shows, the header keeps "to act" whatever the name, and no label is cut at the new computer names.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  legalActions,
  nextInt,
  seedRng,
  type GameEvent,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import {
  renderBoard,
  renderSummary,
  type BoardRenderOptions,
  type SeatDisplay,
} from '../../../../src/games/hare/render/index';
import { catchTexts, type DrawnText } from './drawn-texts';

/** Seat names as players meet them: humans, and computers named "<Level> <n>". */
const SEATS: SeatDisplay[] = [
  { name: 'Alice', kind: 'human' },
  { name: 'Intermediate 2', kind: 'intermediate' },
  { name: 'Advanced 3', kind: 'advanced' },
  { name: 'Bram', kind: 'human' },
  { name: 'Novice 5', kind: 'novice' },
  { name: 'Intermediate 6', kind: 'intermediate' },
];
const LONG_NAME = 'Bartholomew Fitzwilliam Hareson';

/** A game played by random legal actions: the state after `actions` of them and the events of the last one. */
function played(rules: RulesName, seats: number, actions: number): { state: GameState; events: GameEvent[] } {
  const chooser = seedRng(`board texts ${rules} ${seats}`);
  let state = createGame({ rules, seats, seed: `board texts ${rules}`, turnLimit: 500 });
  let events: GameEvent[] = [];
  for (let step = 0; step < actions && !state.over; step++) {
    const legal = legalActions(state);
    ({ state, events } = applyAction(state, legal[nextInt(chooser, legal.length)]!));
  }
  return { state, events };
}

/** The first move of a game: the last events hold a move, so the board draws its arrow. */
function afterAMove(rules: RulesName): { state: GameState; events: GameEvent[] } {
  const state = createGame({ rules, seats: 4, seed: 'board texts move' });
  return applyAction(state, { type: 'move', to: 2 });
}

function boardTexts(state: GameState, options: Partial<BoardRenderOptions>): DrawnText[] {
  return catchTexts(() => renderBoard(state, { seats: SEATS.slice(0, state.seats.length), ...options }))
    .texts;
}

function says(texts: DrawnText[], pattern: RegExp): boolean {
  return texts.some((drawn) => pattern.test(drawn.text));
}

const RINGED = /^Ringed: /;
const ARROWS = /^Arrows?: /;

describe("the board's key", () => {
  it('on the public standard board: explains the arrows of the last moves, rings nothing', () => {
    const { state, events } = afterAMove('standard');
    const texts = boardTexts(state, { recentEvents: events, viewerSeat: null });
    expect(says(texts, RINGED)).toBe(false);
    expect(says(texts, ARROWS)).toBe(true);
  });

  it('in the private view of the seat to act: explains the rings of its squares', () => {
    const { state } = afterAMove('standard');
    const texts = boardTexts(state, { recentEvents: [], viewerSeat: state.current });
    expect(says(texts, RINGED)).toBe(true);
    expect(says(texts, ARROWS)).toBe(false);
  });

  it('in the private view of a seat waiting for its turn: explains no mark at all', () => {
    const { state } = afterAMove('standard');
    const texts = boardTexts(state, { recentEvents: [], viewerSeat: (state.current + 1) % 4 });
    expect(says(texts, RINGED)).toBe(false);
    expect(says(texts, ARROWS)).toBe(false);
  });

  it('on the public classic board (carrots are open): explains both the rings and the arrows', () => {
    const { state, events } = afterAMove('classic');
    const texts = boardTexts(state, { recentEvents: events, viewerSeat: null });
    expect(says(texts, RINGED)).toBe(true);
    expect(says(texts, ARROWS)).toBe(true);
  });
});

describe("the board's header", () => {
  it('names the seat to act and keeps "to act" when the name is too long for the line', () => {
    const { state } = played('standard', 4, 3);
    state.turn = 488;
    const seats = SEATS.slice(0, 4).map((seat, index) =>
      index === state.current ? { name: LONG_NAME, kind: 'human' as const } : seat,
    );
    const texts = boardTexts(state, { seats, viewerSeat: null });
    const acting = texts.find((drawn) => drawn.text.endsWith(' to act'));
    expect(acting?.text).toMatch(/^Bartholomew .*to act$/);
  });

  it('"Intermediate 2 to act" whole, beside "Turn 488 of 500 · Standard rules", without overlapping it', () => {
    const { state } = played('standard', 6, 7);
    state.current = 1;
    state.turn = 488;
    const texts = boardTexts(state, { viewerSeat: null });
    const acting = texts.find((drawn) => drawn.text === 'Intermediate 2 to act');
    expect(acting).toBeDefined();
    const sameLine = texts.filter((drawn) => drawn !== acting && drawn.y === acting!.y);
    expect(sameLine.map((drawn) => drawn.text)).toEqual(['Turn 488 of 500', '· Standard rules']);
    for (const other of sameLine) expect(other.right).toBeLessThan(acting!.left - 30);
  });
});

describe('labels at the new computer names', () => {
  it.each([2, 4, 6])('a board of %i seats cuts no text and repeats no level', (seats) => {
    const { state, events } = played('standard', seats, 40);
    for (const viewerSeat of [null, state.current]) {
      const texts = boardTexts(state, { recentEvents: events, viewerSeat });
      expect(texts.filter((drawn) => drawn.text.includes('…')).map((drawn) => drawn.text)).toEqual([]);
      expect(says(texts, /\((novice|intermediate|advanced)\)/i)).toBe(false);
    }
  });

  it('the summary cuts no text and repeats no level', () => {
    const { state } = played('classic', 6, 5000);
    expect(state.over).toBe(true);
    const { texts } = catchTexts(() => renderSummary(state, { seats: SEATS }));
    expect(texts.filter((drawn) => drawn.text.includes('…')).map((drawn) => drawn.text)).toEqual([]);
    expect(says(texts, /\((novice|intermediate|advanced)\)/i)).toBe(false);
  });
});

describe('the summary in one voice', () => {
  function finished(): GameState {
    const { state } = played('standard', 4, 5000);
    expect(state.over).toBe(true);
    return state;
  }

  it('writes figures of a thousand and more with a comma, like every other number', () => {
    const state = finished();
    state.seats[0]!.stats.carrotsSpent = 1790;
    state.seats[1]!.stats.carrotsSpent = 12345;
    const { texts } = catchTexts(() => renderSummary(state, { seats: SEATS.slice(0, 4) }));
    const shown = texts.map((drawn) => drawn.text);
    expect(shown).toContain('1,790');
    expect(shown).toContain('12,345');
    expect(shown.filter((text) => /^\d{4,}$/.test(text))).toEqual([]);
  });

  it('counts the turns of a one-turn game in the singular', () => {
    const state = finished();
    state.history = state.history.map((point, index) => ({ ...point, turn: Math.min(index, 1) }));
    const { texts } = catchTexts(() => renderSummary(state, { seats: SEATS.slice(0, 4) }));
    expect(texts.map((drawn) => drawn.text)).toContain('Game over after 1 turn · Standard rules');
  });

  it('starts the line under the title with a capital', () => {
    const state = finished();
    state.seats.forEach((seat) => (seat.place = null));
    state.turnLimit = state.history.at(-1)!.turn;
    const { texts } = catchTexts(() => renderSummary(state, { seats: SEATS.slice(0, 4) }));
    const notes = texts.find((drawn) => /turn limit/i.test(drawn.text));
    expect(notes?.text).toMatch(/^The turn limit \(\d+\) ended the game$/);
  });
});

describe('every label starts with a capital', () => {
  it('on boards and on the summary', () => {
    const { state, events } = played('standard', 6, 60);
    state.seats[2]!.missTurns = 1;
    const boards = [null, state.current].flatMap((viewerSeat) =>
      boardTexts(state, { recentEvents: events, viewerSeat }),
    );
    const { state: over } = played('classic', 6, 5000);
    const summary = catchTexts(() => renderSummary(over, { seats: SEATS })).texts;
    const all = [...boards, ...summary];
    const center = (drawn: DrawnText) => (drawn.left + drawn.right) / 2;
    // The second line of a two-line column title ("Turns" over "played") goes on the sentence above it, and
    // so does the next line of a wrapped sentence (a note under the summary's figures), at the same left.
    const continues = (drawn: DrawnText) =>
      all.some(
        (above) =>
          (Math.abs(center(above) - center(drawn)) < 1 ||
            (Math.abs(above.left - drawn.left) < 1 && !/[.!?]$/.test(above.text))) &&
          drawn.y - above.y > 10 &&
          drawn.y - above.y < 30,
      );
    const lowercase = all
      .filter((drawn) => /^[a-z]/.test(drawn.text) && !continues(drawn))
      .map((drawn) => drawn.text);
    expect([...new Set(lowercase)]).toEqual([]);
  });
});
