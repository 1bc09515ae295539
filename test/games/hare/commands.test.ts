/** Hare & Tortoise's slash commands as the bot calls them: /hare move's suggestions and its refusals. */
import { describe, expect, it } from 'vitest';
import { HARE_COMMANDS } from '../../../src/games/hare/commands';
import type { GameState } from '../../../src/games/hare/rules/index';
import { fixture } from './rules/helpers';

const move = HARE_COMMANDS.find((command) => command.name === 'move')!;

function suggestedSquares(state: GameState, typed: string): (string | number)[] {
  return move.autocomplete!('square', typed, state, state.current).map((choice) => choice.value);
}

describe('/hare move suggestions', () => {
  // From the start with 65 carrots the reachable squares are 1 to 10 (square 10 costs 55).
  const start = fixture({ seats: [{}, {}] });

  it('match what was typed against the square number, not against the cost', () => {
    // Square 9 costs 45 and square 10 costs 55: a "5" in their costs does not make them squares "5".
    expect(suggestedSquares(start, '5')).toEqual([5]);
  });

  it('list the squares whose number starts with what was typed, then those that contain it', () => {
    // From 9 with 200 carrots the runner reaches square 28; 11, 15 and 19 are tortoise squares.
    const far = fixture({ seats: [{ position: 9, carrots: 200 }, {}] });
    expect(suggestedSquares(far, '1')).toEqual([10, 12, 13, 14, 16, 17, 18, 21]);
  });

  it('match words against the name of the square', () => {
    expect(suggestedSquares(start, 'Lettuce')).toEqual([10]);
    expect(suggestedSquares(start, 'costs')).toEqual([]);
  });

  it('list every legal square, nearest first, when nothing is typed', () => {
    expect(suggestedSquares(start, '')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('show each square with its cost', () => {
    const labels = move.autocomplete!('square', '9', start, 0).map((choice) => choice.name);
    expect(labels).toEqual(['9 · number 4 · costs 45']);
  });
});

describe('/hare move refusals', () => {
  const start = fixture({ seats: [{}, {}] });

  it('a missing square asks for one and names the squares in reach', () => {
    const answer = move.toAction({}, start, 0);
    expect(answer).toEqual({
      error: 'Choose a square: `/hare move square:` followed by one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.',
    });
  });

  it('a square that is not a number asks for one', () => {
    const answer = move.toAction({ square: 'five' }, start, 0);
    expect(answer).toMatchObject({ error: expect.stringMatching(/^Choose a square: /) });
  });

  it('a missing square with no square in reach says what the runner can do instead', () => {
    const onLettuce = fixture({ seats: [{ position: 10, lettuces: 2 }, {}] });
    expect(move.toAction({}, onLettuce, 0)).toEqual({
      error: 'Choose a square: you cannot move now. You can: **Eat a lettuce**.',
    });
  });

  it('a missing square asked out of turn says whose turn it is not, as the other games do', () => {
    expect(move.toAction({}, start, 1)).toEqual({ error: 'It is not your turn.' });
  });

  it('a square given is passed on as a move', () => {
    expect(move.toAction({ square: 5 }, start, 0)).toEqual({ type: 'move', to: 5 });
  });
});
