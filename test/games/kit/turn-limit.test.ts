/**
 * The platform's turn limit: a game that declares none still offers `turn-limit` on /start, and the core ends
 * it at that many rounds (the standings deciding); games that count rounds themselves share the kit's check.
 */
import { describe, expect, it } from 'vitest';
import { buildGameCommand } from '../../../src/bot/command-definition';
import type { AnyGameModule } from '../../../src/games/contract';
import { GameOptionError, IllegalActionError } from '../../../src/games/kit/errors';
import {
  checkedTurnLimit,
  roundsPlayed,
  turnLimitReached,
  withTurnLimit,
} from '../../../src/games/kit/turn-limit';
import { createRegistry } from '../../../src/games/registry';
import { tinyModule, type TinyAction, type TinyState } from '../../support/tiny-game';

/** Tiny declaring no turn limit: its rules never end it by rounds (they get no `turnLimit`). */
const undeclared = { ...tinyModule, turnLimit: undefined } as AnyGameModule;

function startOption(module: AnyGameModule, name: string) {
  const start = buildGameCommand(module)
    .toJSON()
    .options!.find((option) => option.name === 'start') as { options: { name: string }[] };
  return start.options.find((option) => option.name === name) as
    { name: string; min_value?: number; max_value?: number } | undefined;
}

describe('a game that declares no turn limit', () => {
  const module = createRegistry([undeclared]).require('tiny');

  it('still offers turn-limit on /start, 1 to 500 rounds', () => {
    expect(startOption(module, 'turn-limit')).toMatchObject({ min_value: 1, max_value: 500 });
  });

  it('ends at the limit: after that many rounds nobody is to act and the standings decide', () => {
    let state = module.rules.create({ seats: 3, seed: 'limit', options: { target: 9, turnLimit: 2 } });
    while (!module.rules.isOver(state)) {
      // Target 9: nobody scores three points within two rounds.
      const [first] = module.rules.legalActions(state) as TinyAction[];
      state = module.rules.apply(state, first).state;
    }
    // Tiny counts its rounds in its state (though it was given no limit): the core stopped it after two.
    expect((state as TinyState).rounds).toBe(2);
    expect((state as TinyState).points.some((points) => points >= 3)).toBe(false);
    expect(module.rules.currentSeat(state)).toBeNull();
    expect(module.rules.legalActions(state)).toEqual([]);
    expect(module.rules.standings(state)).toHaveLength(3);
    expect(() => module.rules.apply(state, { type: 'add', amount: 1 })).toThrow(IllegalActionError);
  });

  it('plays on without a limit, and refuses a limit outside 1 to 500', () => {
    const state = module.rules.create({ seats: 2, seed: 'none', options: {} });
    expect(module.rules.isOver(state)).toBe(false);
    expect(() => module.rules.create({ seats: 2, seed: 's', options: { turnLimit: 501 } })).toThrow(
      GameOptionError,
    );
  });

  it('is left as it is when it declares a turn limit its rules count', () => {
    expect(createRegistry([tinyModule]).require('tiny').rules).toBe(tinyModule.rules);
    expect(startOption(tinyModule as AnyGameModule, 'turn-limit')).toMatchObject({ max_value: 50 });
  });

  it('has no turn-limit option when it declares it has none', () => {
    expect(startOption({ ...tinyModule, turnLimit: null } as AnyGameModule, 'turn-limit')).toBeUndefined();
  });
});

describe('the core-counted turn limit (withTurnLimit)', () => {
  it('counts a forfeited turn as a turn, and forfeits nothing once the limit ended the game', () => {
    const rules = withTurnLimit({
      ...tinyModule.rules,
      // A forfeit here plays the first legal action (what matters is that the seat to act changes).
      forfeit: (state) => tinyModule.rules.apply(state, tinyModule.rules.legalActions(state)[0]!),
    });
    let state = rules.create({ seats: 2, seed: 'forfeit', options: { target: 9, turnLimit: 1 } });
    while (!rules.isOver(state)) state = rules.forfeit!(state).state;
    expect(state.rounds).toBe(1);
    expect(() => rules.forfeit!(state)).toThrow(IllegalActionError);
  });
});

describe("the kit's turn-limit helpers", () => {
  it('take 0, null or nothing as no limit and refuse anything but a whole number in range', () => {
    expect(checkedTurnLimit(undefined)).toBeNull();
    expect(checkedTurnLimit(0)).toBeNull();
    expect(checkedTurnLimit(30)).toBe(30);
    for (const bad of [-1, 2.5, 501, '3'])
      expect(() => checkedTurnLimit(bad)).toThrow('the turn limit must be a whole number from 1 to 500');
    expect(() => checkedTurnLimit(51, { min: 1, max: 50 })).toThrow(/from 1 to 50$/);
  });

  it('count rounds from turns and seats', () => {
    expect(roundsPlayed(5, 3)).toBe(1);
    expect(roundsPlayed(6, 3)).toBe(2);
    expect(turnLimitReached(2, 2)).toBe(true);
    expect(turnLimitReached(1, 2)).toBe(false);
    expect(turnLimitReached(99, null)).toBe(false);
  });
});
