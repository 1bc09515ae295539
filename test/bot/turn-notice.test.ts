/**
 * The words of the "your turn" mention: the hint names what the player can do now (the button to press when
 * there is one, the play commands that fit the moment), for each game.
 */
import { describe, expect, it } from 'vitest';
import { LinesSinceLastTurn, sinceLastTurnText, turnHint } from '../../src/bot/publishing/turn-notice';
import type { AnyGameModule } from '../../src/games/contract';
import type { PlayerView } from '../../src/service/index';
import { candylandModule } from '../../src/games/candyland/index';
import { greedModule } from '../../src/games/greed/index';
import { hareModule } from '../../src/games/hare/index';
import type { GameState as HareState } from '../../src/games/hare/rules/index';
import { hedgehogsModule } from '../../src/games/hedgehogs/index';
import type { GameState as HedgehogState } from '../../src/games/hedgehogs/rules/types';

/** Plays the first legal action until `until` holds (or fails after many steps). */
/** The seat's own view, as the service's gate gives it (seatView). */
function seatOf(module: AnyGameModule, state: unknown, seat: number): PlayerView {
  return module.rules.observe(state, seat) as PlayerView;
}

function playUntil<S>(module: AnyGameModule, state: S, until: (state: S) => boolean): S {
  let current = state;
  for (let step = 0; step < 500 && !until(current); step++) {
    const [first] = module.rules.legalActions(current) as unknown[];
    current = module.rules.apply(current, first).state as S;
  }
  if (!until(current)) throw new Error('the wanted state was not reached');
  return current;
}

describe('the hint of the turn mention', () => {
  it('Hedgehogs: `place` while placing, then the command of the phase (never `place` during play)', () => {
    const start = hedgehogsModule.rules.create({ seats: 2, seed: 'hint' }) as HedgehogState;
    expect(turnHint(hedgehogsModule, seatOf(hedgehogsModule, start, start.current), start.current)).toMatch(
      /`\/hedgehogs place`/,
    );
    let state = start;
    const phases = new Set<string>();
    for (let turn = 0; turn < 40 && state.phase !== 'over'; turn++) {
      state = playUntil(hedgehogsModule, state, (s) => s.phase !== 'place');
      const hint = turnHint(hedgehogsModule, seatOf(hedgehogsModule, state, state.current), state.current);
      expect(hint).not.toMatch(/place/);
      expect(hint).toMatch(new RegExp(`\`/hedgehogs ${state.phase}\``));
      phases.add(state.phase);
      const first = hedgehogsModule.rules.legalActions(state)[0]!;
      state = hedgehogsModule.rules.apply(state, first).state;
    }
    expect(phases.size).toBeGreaterThan(0);
  });

  it("Hare, standard rules: the carrots are secret, so the hint names the board's Choose your move", () => {
    const state = hareModule.rules.create({ seats: 2, seed: 'hint' }) as HareState;
    expect(turnHint(hareModule, seatOf(hareModule, state, 0), 0)).toBe(
      'press **Choose your move** under the board or use `/hare move`',
    );
  });

  it('Hare: on a lettuce it says to press "Eat a lettuce" or use `/hare eat`, not `/hare move`', () => {
    const state = hareModule.rules.create({ seats: 2, seed: 'hint' }) as HareState;
    const seat = state.seats[0]!;
    seat.position = 10;
    seat.ateHere = false;
    expect(hareModule.rules.legalActions(state)).toEqual([{ type: 'eat' }]);
    // Eating a lettuce is forced by the square: its button tells no secret and stays under the board.
    expect(turnHint(hareModule, seatOf(hareModule, state, 0), 0)).toBe(
      'press **Eat a lettuce** under the board or use `/hare eat`',
    );
  });

  it('Hare, classic rules (open carrots): "choose under the board", the controls are public', () => {
    const state = hareModule.rules.create({ seats: 2, seed: 'hint', options: { rules: 'classic' } });
    expect(turnHint(hareModule, seatOf(hareModule, state, 0), 0)).toBe(
      'choose under the board or use `/hare move`',
    );
  });

  it('Greed: one Roll button before the first roll, then roll or stop', () => {
    const state = greedModule.rules.create({ seats: 2, seed: 'hint', options: { entry: 0 } });
    expect(turnHint(greedModule, seatOf(greedModule, state, 0), 0)).toMatch(
      /^press \*\*Roll \d dice\*\* under the board or use `\/greed roll`$/,
    );
    const rolled = playUntil(greedModule, state, (s: { rolled: boolean }) => s.rolled);
    expect(turnHint(greedModule, seatOf(greedModule, rolled, rolled.current), rolled.current)).toBe(
      'choose under the board or use `/greed roll` or `/greed stop`',
    );
  });

  it('Candy Land: press Draw a card or use `/candyland draw`', () => {
    const state = candylandModule.rules.create({ seats: 2, seed: 'hint' });
    expect(turnHint(candylandModule, seatOf(candylandModule, state, 0), 0)).toBe(
      'press **Draw a card** under the board or use `/candyland draw`',
    );
  });
});

describe('"Since your last turn"', () => {
  it("lists the others' lines since the player's own move, never the player's own, the latest kept", () => {
    const lines = new LinesSinceLastTurn();
    const seats = [0, 1, 2];
    lines.add(['Alice rolls 5: 50', 'Alice stops, banks 50'], 0, true, seats);
    lines.add(['Bob draws red', 'Bob is stuck on licorice'], 1, true, seats);
    lines.add(['Steady 1 rolls 1: 100'], 2, false, seats);
    expect(lines.othersFor(0)).toEqual([
      'Bob draws red',
      'Bob is stuck on licorice',
      'Steady 1 rolls 1: 100',
    ]);
    expect(lines.othersFor(1)).toEqual(['Steady 1 rolls 1: 100']);
    // Alice's draw is played for her (a forced move): it is hers, not news to her.
    lines.add(['Alice draws blue'], 0, true, seats);
    expect(lines.othersFor(0)).toEqual([]);
    expect(lines.othersFor(1)).toEqual(['Steady 1 rolls 1: 100', 'Alice draws blue']);
    for (let i = 1; i <= 9; i++) lines.add([`Steady 1 rolls ${i}`], 2, false, seats);
    expect(lines.othersFor(0)).toHaveLength(6);
    expect(lines.othersFor(0).at(-1)).toBe('Steady 1 rolls 9');
    expect(sinceLastTurnText(lines.othersFor(0).slice(-2))).toBe(
      '\nSince your last turn:\n• Steady 1 rolls 8\n• Steady 1 rolls 9',
    );
    expect(sinceLastTurnText([])).toBe('');
  });
});
