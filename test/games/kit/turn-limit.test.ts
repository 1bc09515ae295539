/**
 * The platform's turn limit: a game declares its range (or none) and counts its rounds itself, with the kit's
 * check of the value and of the end.
 */
import { describe, expect, it } from 'vitest';
import { buildGameCommand } from '../../../src/bot/command-definition';
import type { AnyGameModule } from '../../../src/games/contract';
import { checkedTurnLimit, turnLimitReached } from '../../../src/games/kit/turn-limit';
import { createRegistry } from '../../../src/games/registry';
import { tinyModule } from '../../support/tiny-game';

function startOption(module: AnyGameModule, name: string) {
  const start = buildGameCommand(module)
    .toJSON()
    .options!.find((option) => option.name === 'start') as { options: { name: string }[] };
  return start.options.find((option) => option.name === name) as
    { name: string; min_value?: number; max_value?: number } | undefined;
}

describe('the turn-limit start option', () => {
  it('offers 1 to 500 rounds when the game gives no range of its own', () => {
    const declared = { ...tinyModule, turnLimit: { countedBy: 'rules' } } as AnyGameModule;
    expect(startOption(createRegistry([declared]).require('tiny'), 'turn-limit')).toMatchObject({
      min_value: 1,
      max_value: 500,
    });
  });

  it('leaves the rules as they are: the game counts its rounds itself', () => {
    expect(createRegistry([tinyModule]).require('tiny').rules).toBe(tinyModule.rules);
    expect(startOption(tinyModule as AnyGameModule, 'turn-limit')).toMatchObject({ max_value: 50 });
  });

  it('has no turn-limit option when it declares it has none', () => {
    expect(startOption({ ...tinyModule, turnLimit: null } as AnyGameModule, 'turn-limit')).toBeUndefined();
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

  it('end the game once the rounds reach the limit', () => {
    expect(turnLimitReached(2, 2)).toBe(true);
    expect(turnLimitReached(1, 2)).toBe(false);
    expect(turnLimitReached(99, null)).toBe(false);
  });
});
