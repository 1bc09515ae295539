/**
 * Hare & Tortoise's refusals in the player's language: in German, French and Spanish a play command refuses an
 * action the rules would not allow, with the rules' reason told in that language; in English the command
 * leaves the refusal to the platform, which words the rules' own reason (the same words, told from the code).
 */
import { describe, expect, it } from 'vitest';
import { HARE_COMMANDS } from '../../../../src/games/hare/commands';
import { illegalReason } from '../../../../src/games/hare/refusals';
import { actionVerdict, type Action, type GameState } from '../../../../src/games/hare/rules/index';
import { fixture } from '../rules/helpers';
import { playedGame } from './seen-texts';

function tried(state: GameState): Action[] {
  if (state.over) return [];
  const moves: Action[] = Array.from({ length: 66 }, (_, to) => ({ type: 'move', to }));
  return [
    ...moves,
    { type: 'move', to: 2.5 },
    { type: 'eat' },
    { type: 'carrots', amount: 10 },
    { type: 'carrots', amount: -10 },
    { type: 'skip' },
  ];
}

describe("Hare & Tortoise's reasons for a refusal", () => {
  it('say in English exactly what the rules say, for every code met in complete games', () => {
    const codes = new Set<string>();
    for (const [rules, seats, seed] of [
      ['standard', 4, 'r1'],
      ['classic', 3, 'r2'],
    ] as const) {
      for (const state of playedGame(rules, seats, seed).states) {
        for (const action of tried(state)) {
          const verdict = actionVerdict(state, action);
          if (verdict.legal) continue;
          codes.add(verdict.code);
          expect(illegalReason(state, action, verdict.code, 'en')).toBe(verdict.reason);
        }
      }
    }
    expect(codes.size).toBeGreaterThan(10);
  });

  it('refuse in the player’s language, and leave English to the platform', () => {
    const state = fixture({ seats: [{ position: 0, carrots: 65 }, {}] });
    const move = HARE_COMMANDS.find((command) => command.name === 'move')!;
    expect(move.toAction({ square: 40 }, state, 0, 'de')).toEqual({
      error: 'Nicht erlaubt: Feld 40 kostet 820 Karotten; du hast 65.',
    });
    expect(move.toAction({ square: 40 }, state, 0, 'fr')).toEqual({
      error: 'Interdit : la case 40 coûte 820 carottes ; tu as 65.',
    });
    expect(move.toAction({ square: 40 }, state, 0, 'en')).toEqual({ type: 'move', to: 40 });
    expect(move.toAction({ square: 40 }, state, 0)).toEqual({ type: 'move', to: 40 });
    expect(move.toAction({ square: 3 }, state, 0, 'es')).toEqual({ type: 'move', to: 3 });
    const eat = HARE_COMMANDS.find((command) => command.name === 'eat')!;
    expect(eat.toAction({}, state, 0, 'es')).toEqual({
      error: 'No permitido: no estás en una casilla de lechuga.',
    });
  });
});
