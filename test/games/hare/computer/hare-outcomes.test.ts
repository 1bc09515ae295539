/**
 * The computer players' model of hare results must match the engine: for every card and die result, the
 * predicted outcome is what applyAction does when that card is on top of the deck or that number is rolled.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  HARE_CARD_NAMES,
  HARE_DECK,
  type GameState,
  type HareCard,
} from '../../../../src/games/hare/rules/index';
import { hareOutcomes, type HareOutcome } from '../../../../src/games/hare/computer/hare-outcomes';
import { hareContextAt } from '../../../../src/games/hare/computer/outlook';
import { fixture, type SeatSetup } from './fixtures';

const HARE_SQUARE = 25;

function deckWithOnTop(card: HareCard): HareCard[] {
  const rest = HARE_DECK.slice();
  rest.splice(rest.indexOf(card), 1);
  return [card, ...rest];
}

/** An sfc32 state whose next draw makes the engine roll `roll` (its first output is the first word). */
function rngRolling(roll: number): [number, number, number, number] {
  return [Math.floor(((roll - 0.5) / 6) * 2 ** 32), 0, 0, 0];
}

function predicted(state: GameState, cause: string): HareOutcome {
  const seat = state.seats[0]!;
  const cost = ((HARE_SQUARE - seat.position) * (HARE_SQUARE - seat.position + 1)) / 2;
  const context = hareContextAt(state, 0, HARE_SQUARE);
  const outcomes = hareOutcomes(state.rules, HARE_SQUARE, seat.carrots - cost, seat.lettuces, cost, context);
  expect(outcomes.reduce((sum, outcome) => sum + outcome.weight, 0)).toBeCloseTo(1, 12);
  const outcome = outcomes.find((candidate) => candidate.cause === cause);
  if (!outcome) throw new Error(`no outcome for ${cause}`);
  return outcome;
}

function expectEngineAgrees(state: GameState, outcome: HareOutcome): void {
  const after = applyAction(state, { type: 'move', to: HARE_SQUARE }).state;
  const seat = after.seats[0]!;
  expect(seat.position).toBe(outcome.position);
  expect(seat.lettuces).toBe(outcome.lettuces);
  expect(after.pending === 'chew-carrot').toBe(outcome.chew);
  if (!outcome.chew) expect(seat.carrots).toBe(outcome.carrots);
  expect(seat.missTurns).toBe(outcome.roundDelta > 0 ? 1 : 0);
  expect(after.current === 0 && !outcome.chew).toBe(outcome.roundDelta < 0);
}

const scenarios: Record<string, SeatSetup[]> = {
  'more runners behind': [
    { position: 20, carrots: 50, lettuces: 2 },
    { position: 10 },
    { position: 30 },
    { position: 5 },
  ],
  'more runners in front': [
    { position: 20, carrots: 50, lettuces: 1 },
    { position: 40 },
    { position: 30 },
    { position: 5 },
  ],
  'no lettuce left, poor': [
    { position: 22, carrots: 9, lettuces: 0, ateHere: true },
    { position: 12 },
    { position: 3, carrots: 0 },
  ],
  'last of three': [{ position: 19, carrots: 30, lettuces: 3 }, { position: 26 }, { position: 27 }],
  'fifth of five': [
    { position: 18, carrots: 60, lettuces: 2 },
    { position: 26 },
    { position: 27 },
    { position: 28 },
    { position: 29 },
  ],
};

describe('standard rules: each hare card', () => {
  for (const [name, seats] of Object.entries(scenarios)) {
    for (const card of Object.keys(HARE_CARD_NAMES) as HareCard[]) {
      it(`${card} (${name})`, () => {
        const state = fixture('standard', seats);
        state.deck = deckWithOnTop(card);
        expectEngineAgrees(state, predicted(state, card));
      });
    }
  }
});

describe('classic rules: each die result, for each race position', () => {
  for (const [name, seats] of Object.entries(scenarios)) {
    for (let roll = 1; roll <= 6; roll++) {
      it(`roll ${roll} (${name})`, () => {
        const state = fixture('classic', seats);
        state.rng = rngRolling(roll);
        const after = applyAction(state, { type: 'move', to: HARE_SQUARE });
        const event = after.events.find((candidate) => candidate.type === 'hare-roll');
        if (event?.type !== 'hare-roll') throw new Error('no hare roll');
        expect(event.roll).toBe(roll);
        expectEngineAgrees(state, predicted(state, event.result));
      });
    }
  }
});
