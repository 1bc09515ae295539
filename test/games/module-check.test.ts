import { describe, expect, it } from 'vitest';
import type { AnyGameModule, OptionSpec } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { buildGameCommand } from '../../src/bot/command-definition';
import { moduleProblems, PLATFORM_SUBCOMMANDS } from '../../src/games/module-check';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';

const option = (name: string, extra: Partial<OptionSpec> = {}): OptionSpec =>
  ({ type: 'integer', name, description: 'A number', min: 1, max: 9, default: 5, ...extra }) as OptionSpec;

function tinyWith(change: Partial<AnyGameModule>): AnyGameModule {
  return { ...tinyModule, ...change } as AnyGameModule;
}

describe('a module is checked when it is registered', () => {
  it('every game of the bot, and the test fixture, pass', () => {
    for (const module of [...GAMES.all, tinyModule as AnyGameModule])
      expect(moduleProblems(module)).toEqual([]);
  });

  it('refuses a play command that shadows a platform subcommand, or two commands of one name', () => {
    const [first] = tinyModule.commands;
    const shadowing = tinyWith({ commands: [{ ...first!, name: 'status' }] });
    expect(() => createRegistry([shadowing])).toThrow(
      /\/tiny status: the platform has a subcommand of that name/,
    );
    const twice = tinyWith({ commands: [first!, first!] });
    expect(moduleProblems(twice)).toContain(`/tiny ${first!.name}: two commands have that name`);
  });

  it("refuses option names that repeat, break Discord's naming rules, or take a platform start option", () => {
    const module = tinyWith({
      options: [option('target'), option('target'), option('Big Name'), option('seats')],
    });
    const problems = moduleProblems(module);
    expect(problems).toContain('start: two options are named "target"');
    expect(problems).toContain('start option "Big Name": a name is 1–32 lower-case letters, digits, - or _');
    expect(problems).toContain('start option "seats" is one of the platform\'s own start options');
  });

  it('refuses limits Discord would refuse and ranges that cannot hold', () => {
    const module = tinyWith({
      seats: { min: 2, max: 4, default: 6 },
      options: [
        option('far', { default: 12 }),
        option('long', { description: 'x'.repeat(101) }),
        { type: 'string', name: 'pick', description: 'Pick one', choices: [], default: 'a' },
      ],
    });
    const problems = moduleProblems(module);
    expect(problems).toContain('seats: want 1 ≤ min ≤ default ≤ max, got 2, 6, 4');
    expect(problems).toContain('start option "far": the default 12 is outside 1–9');
    expect(problems).toContain('start option "long": a description has 1–100 characters');
    expect(problems).toContain('start option "pick": 1–25 choices');
  });
});

describe("the platform's subcommands", () => {
  it('are the ones the registration check reserves, for every game', () => {
    for (const module of GAMES.all) {
      const own = new Set([...module.commands, ...(module.tools ?? [])].map((command) => command.name));
      const built = buildGameCommand(module)
        .toJSON()
        .options!.map((option) => option.name)
        .filter((name) => !own.has(name));
      expect(built.sort()).toEqual([...PLATFORM_SUBCOMMANDS].sort());
    }
  });
});
