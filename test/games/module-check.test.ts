import { describe, expect, it } from 'vitest';
import type { AnyGameModule, OptionSpec } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { buildGameCommand } from '../../src/bot/command-definition';
import { moduleProblems, PLATFORM_SUBCOMMANDS, registryProblems } from '../../src/games/module-check';
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

describe('registration refuses what Discord or the other games would', () => {
  const [add] = tinyModule.commands;

  it('two games of one key, or a key that is not 2–24 lower-case letters', () => {
    expect(() => createRegistry([tinyModule, tinyModule])).toThrow('two games have the key "tiny"');
    expect(moduleProblems(tinyWith({ key: 'Tiny2' }))).toContain(
      'key: a game key is 2–24 lowercase letters, not "Tiny2"',
    );
  });

  it('more than 25 start options once the platform’s are added, or more than 25 levels to choose from', () => {
    const own = Array.from({ length: 22 }, (_, index) => option(`o${index}`));
    expect(moduleProblems(tinyWith({ options: own }))).toContain('start: at most 25 options');
    const levels = Array.from({ length: 26 }, (_, index) => `level${index}`);
    const crowded = tinyWith({ computer: { ...tinyModule.computer, levels, defaultLevel: 'level0' } });
    expect(moduleProblems(crowded)).toContain('start option "computer-level": 1–25 choices');
  });

  it('a play command with a long description, two options of one name, or too many subcommands', () => {
    const long = tinyWith({ commands: [{ ...add!, description: 'x'.repeat(101) }] });
    expect(moduleProblems(long)).toContain('/tiny add: a description has 1–100 characters');
    const twice = tinyWith({ commands: [{ ...add!, options: [...add!.options, ...add!.options] }] });
    expect(moduleProblems(twice)).toContain('/tiny add: two options are named "amount"');
    const many = Array.from({ length: 13 }, (_, index) => ({ ...add!, name: `play${index}` }));
    expect(moduleProblems(tinyWith({ commands: many }))).toContain(
      "/tiny: 26 subcommands with the platform's, Discord allows 25",
    );
  });

  it('choices of one value, a default off its step, a bad turn limit or options-before-seats count', () => {
    const module = tinyWith({
      options: [
        {
          type: 'string',
          name: 'pick',
          description: 'Pick one',
          choices: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'Another A' },
          ],
          default: 'a',
        },
        option('stepped', { min: 0, max: 100, step: 10, default: 15 }),
      ],
      optionsBeforeSeats: 3,
      turnLimit: { countedBy: 'rules', min: 0, max: 10 },
    });
    const problems = moduleProblems(module);
    expect(problems).toContain('start option "pick": two choices have the same value');
    expect(problems).toContain('start option "stepped": the default 15 is not a multiple of the step 10');
    expect(problems).toContain('optionsBeforeSeats: 3 is not 0 to the 2 start options');
    expect(problems).toContain('turnLimit: want whole numbers 1 ≤ min ≤ max, got 0, 10');
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

describe('a game’s catalogue (its command in every language)', () => {
  const hare = GAMES.require('hare');
  /** Hare's catalogue with `change` made to a copy of its German words (loose JSON, to break it freely). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type LooseJson = Record<string, any>;
  function hareWithGerman(change: (de: LooseJson) => void): AnyGameModule {
    const catalogue = structuredClone(hare.catalogue!) as unknown as Record<string, LooseJson>;
    change(catalogue['de']!);
    return { ...hare, catalogue } as unknown as AnyGameModule;
  }

  it('refuses a catalogue that lacks a word the command needs, or has one English lacks', () => {
    const lacking = hareWithGerman((de) => {
      delete de.command.subcommands.move.options.square.name;
      delete de.command.computerLevels.advanced;
      de.command.subcommands.move.options.square.hint = 'Ein Feld';
    });
    const problems = moduleProblems(lacking);
    expect(problems).toContain(
      'catalogue de: command.subcommands.move.options.square.hint is not in English',
    );
    expect(problems).toContain('catalogue de: missing command.subcommands.move.options.square.name');
    expect(problems).toContain('catalogue de: missing command.computerLevels.advanced');
    expect(() => createRegistry([lacking])).toThrow(/catalogue de: missing command.computerLevels.advanced/);
    // A start option the catalogue has no words for, in any language.
    const extra = { ...hare, options: [...hare.options, option('extra')] } as AnyGameModule;
    for (const language of ['en', 'de', 'fr', 'es'])
      expect(moduleProblems(extra)).toContain(
        `catalogue ${language}: missing command.startOptions.extra.name`,
      );
  });

  it('refuses localised names Discord would refuse, two alike in one level, and long descriptions', () => {
    const broken = hareWithGerman((de) => {
      de.command.subcommands.move.name = 'Zieh Mal';
      de.command.subcommands.back.name = 'karotten';
      de.command.subcommands.carrots.options.choice.description = 'x'.repeat(101);
      de.command.startOptions.rules.choices.classic = '';
    });
    const problems = moduleProblems(broken);
    expect(problems).toContain(
      'catalogue de: /hase move: the name "Zieh Mal" is not 1–32 lower-case letters, digits, - or _',
    );
    expect(problems).toContain('catalogue de: /hase: two subcommands are named "karotten"');
    expect(problems).toContain(
      'catalogue de: /hase carrots option "choice": a description has 1–100 characters',
    );
    expect(problems).toContain(
      'catalogue de: /hase start option "rules": a choice\'s name has 1–100 characters',
    );
  });

  it('refuses two games whose commands share a name in a language', () => {
    const clash = { ...tinyModule, catalogue: hare.catalogue } as AnyGameModule;
    expect(registryProblems([hare, clash])).toContain('two games’ commands are named "hase" in de');
  });
});
