import { commands } from '../../commands/index';
import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/bot/deploy';
import { CommandLineError, parseCommandLine } from '../../src/sandbox/command-line';
import { commandPaths } from '../../src/sandbox/command-tree';
import {
  suggest,
  type AutocompleteRequest,
  type SuggestContext,
} from '../../src/sandbox/command-suggestions';

const USERS = [
  { id: '1300000000000000401', name: 'Alice' },
  { id: '1300000000000000402', name: 'Bob' },
];

function context(answers: AutocompleteRequest[] = []): SuggestContext {
  return {
    commands: commandDefinitions(commands),
    users: USERS,
    resolveUser: (text) =>
      USERS.find((u) => `@${u.name}` === text || u.name === text || u.id === text)?.id ?? null,
    resolveChannel: () => null,
    autocomplete: async (request) => {
      answers.push(request);
      return [
        { name: '12 · number 3 · costs 78', value: 12 },
        { name: '13 · carrot · costs 91', value: 13 },
      ];
    },
  };
}

function parseError(text: string): string {
  try {
    parseCommandLine(text, context());
  } catch (error) {
    if (error instanceof CommandLineError) return error.message;
    throw error;
  }
  throw new Error(`"${text}" parsed`);
}

describe('typed slash commands', () => {
  it("lists every game's subcommands from the definitions the bot deploys", () => {
    const paths = commandPaths(commandDefinitions(commands)).map((p) => p.words.join(' '));
    expect(paths).toContain('hare start');
    expect(paths).toContain('hare move');
    expect(paths).toContain('hare leaderboard');
    expect(paths).toContain('greed roll');
    expect(paths).toContain('candyland simulate');
    expect(paths).toContain('hedgehogs sidestep');
    expect(paths.filter((p) => !/^(hare|greed|candyland|hedgehogs) /.test(p))).toEqual([
      'arena token',
      'arena revoke',
      'arena list',
    ]);
  });

  it('reads named options with their declared types, choices and quoted values', () => {
    expect(
      parseCommandLine('/hare start seats:3 speed:FAST computer-level:novice turn-limit:5', context()),
    ).toEqual({
      name: 'hare',
      subcommand: 'start',
      options: { seats: 3, speed: 'fast', 'computer-level': 'novice', 'turn-limit': 5 },
    });
    expect(parseCommandLine('  /hare carrots choice:"take 10"  ', context()).options).toEqual({
      choice: 'take',
    });
    expect(parseCommandLine('/hare stats user:@Bob', context()).options).toEqual({ user: USERS[1]!.id });
  });

  it('fills options in order when their names are left out, as in "/hare move 12"', () => {
    expect(parseCommandLine('/hare move 12', context())).toEqual({
      name: 'hare',
      subcommand: 'move',
      options: { square: 12 },
    });
  });

  it('says what is wrong instead of sending a command Discord would refuse', () => {
    expect(parseError('/hare')).toBe(
      `Choose what /hare should do: ${commandPaths(commandDefinitions(commands))
        .filter((p) => p.words[0] === 'hare')
        .map((p) => p.words[1])
        .join(', ')}.`,
    );
    expect(parseError('/dance')).toBe('Unknown command "/dance".');
    expect(parseError('/hare move')).toMatch(/^square is required: /);
    expect(parseError('/hare move square:abc')).toBe('square: "abc" is not a whole number.');
    expect(parseError('/hare move square:65')).toBe('square: must be a number from 0 to 64.');
    expect(parseError('/hare start seats:1')).toBe('seats: must be a number from 2 to 6.');
    expect(parseError('/hare start seats:2 seats:3')).toBe('seats is given twice.');
    expect(parseError('/hare start rules:chess')).toBe('rules: "chess" is not one of standard, classic.');
    expect(parseError('/hare status please')).toBe('/hare status takes no more options ("please").');
    expect(parseError('/hare stats user:@Nobody')).toBe('user: nobody here is called "@Nobody".');
  });
});

describe('suggestions while typing', () => {
  it('completes the command and subcommand', async () => {
    const all = await suggest('/', context());
    expect(all.items.map((i) => i.label)).toEqual(
      commandPaths(commandDefinitions(commands)).map((p) => `/${p.words.join(' ')}`),
    );
    const some = await suggest('/hare st', context());
    expect(some.items.map((i) => i.text)).toEqual(['/hare start ', '/hare status ', '/hare stats ']);
    expect(some.complete).toBe(false);
    expect((await suggest('hello', context())).items).toEqual([]);
  });

  it('offers the options not given yet, required ones marked, and the choices of an option', async () => {
    const options = await suggest('/hare start seats:3 ', context());
    expect(options.items.map((i) => i.label)).toEqual([
      'rules',
      'computer-level',
      'speed',
      'turn-limit',
      'program-time',
      'language',
      'client-seed',
    ]);
    expect(options.complete).toBe(true);
    const move = await suggest('/hare move ', context());
    expect(move.items[0]).toMatchObject({ label: 'square', text: '/hare move square:' });
    expect(move.items[0]?.detail).toMatch(/^required · /);
    const speeds = await suggest('/hare start seats:3 speed:', context());
    expect(speeds.items.map((i) => i.text)).toEqual([
      '/hare start seats:3 speed:fast ',
      '/hare start seats:3 speed:normal ',
      '/hare start seats:3 speed:slow ',
    ]);
    const seats = await suggest('/hare start seats:', context());
    expect(seats.items).toEqual([
      {
        label: 'seats: a whole number from 2 to 6',
        detail: 'Number of runners, 2 to 6 (default 4)',
        text: null,
      },
    ]);
    expect((await suggest('/hare stats user:B', context())).items.map((i) => i.text)).toEqual([
      '/hare stats user:@Bob ',
    ]);
  });

  it('asks the bot for the choices of an autocomplete option, named or in order', async () => {
    const asked: AutocompleteRequest[] = [];
    const named = await suggest('/hare move square:1', context(asked));
    expect(asked).toEqual([
      { command: { name: 'hare', subcommand: 'move', options: {} }, focused: 'square', value: '1' },
    ]);
    expect(named.items).toEqual([
      { label: '12 · number 3 · costs 78', detail: '', text: '/hare move square:12 ' },
      { label: '13 · carrot · costs 91', detail: '', text: '/hare move square:13 ' },
    ]);
    const inOrder = await suggest('/hare move 13', context(asked));
    expect(asked.at(-1)?.value).toBe('13');
    expect(inOrder.items[1]?.text).toBe('/hare move square:13 ');
  });
});

describe("commands in the reader's language, as Discord's client shows them", () => {
  const inLocale = (locale: string): SuggestContext => ({ ...context(), locale });

  it('reads the localised names (and the own ones) and sends the own names', () => {
    expect(parseCommandLine('/hase ziehen feld:12', inLocale('de'))).toEqual({
      name: 'hare',
      subcommand: 'move',
      options: { square: 12 },
    });
    expect(parseCommandLine('/hase starten plätze:3 tempo:schnell', inLocale('de'))).toEqual({
      name: 'hare',
      subcommand: 'start',
      options: { seats: 3, speed: 'fast' },
    });
    expect(parseCommandLine('/lièvre déplacer 7', inLocale('fr')).options).toEqual({ square: 7 });
    expect(parseCommandLine('/hare move 12', inLocale('de')).subcommand).toBe('move');
    expect(() => parseCommandLine('/hase ziehen feld:12', context())).toThrow('Unknown command "/hase".');
  });

  it("says what is wrong in the reader's language, naming the options as they read them", () => {
    const error = (text: string, locale: string) => {
      try {
        parseCommandLine(text, inLocale(locale));
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return null;
    };
    expect(error('/hase ziehen', 'de')).toBe(
      'feld fehlt: Das Zielfeld (64 = Ziel); die Vorschläge zeigen, was es kostet.',
    );
    expect(error('/hase ziehen feld:99', 'de')).toBe('feld: Gib eine Zahl von 0 bis 64 an.');
    expect(error('/hase starten regelwerk:schach', 'de')).toBe(
      'regelwerk: „schach“ ist keiner der Werte standard, classic.',
    );
    expect(error('/lièvre déplacer case:abc', 'fr')).toBe('case : « abc » n’est pas un nombre entier.');
    expect(error('/liebre', 'es-ES')).toMatch(/^Elige qué debe hacer \/liebre: empezar, unirse, /);
    expect(error('/tanzen', 'de')).toBe('Unbekannter Befehl „/tanzen“.');
  });

  it('suggests the localised commands, options and choice names', async () => {
    const commands = await suggest('/li', inLocale('fr'));
    expect(commands.items.map((i) => i.label)).toContain('/lièvre commencer');
    expect(commands.items.every((i) => i.label.startsWith('/lièvre '))).toBe(true);
    const start = commands.items.find((i) => i.label === '/lièvre commencer')!;
    expect(start).toEqual({
      label: '/lièvre commencer',
      detail: 'Ouvrir une nouvelle partie dans ce salon ; les autres la rejoignent avec les boutons',
      text: '/lièvre commencer ',
    });
    const options = await suggest('/hase starten te', inLocale('de'));
    expect(options.items).toEqual([
      {
        label: 'tempo',
        detail: 'Wie schnell die Computerspieler ziehen (Standard: normal)',
        text: '/hase starten tempo:',
      },
    ]);
    expect((await suggest('/hase starten plätze:', inLocale('de'))).items).toEqual([
      {
        label: 'plätze: eine ganze Zahl von 2 bis 6',
        detail: 'Anzahl der Läufer, 2 bis 6 (Standard 4)',
        text: null,
      },
    ]);
    expect((await suggest('/hase ziehen ', inLocale('de'))).items[0]?.detail).toMatch(
      /^Pflicht · Das Zielfeld/,
    );
    const speeds = await suggest('/hase starten tempo:', inLocale('de'));
    expect(speeds.items.map((i) => [i.detail, i.text])).toEqual([
      ['schnell', '/hase starten tempo:fast '],
      ['normal', '/hase starten tempo:normal '],
      ['langsam', '/hase starten tempo:slow '],
    ]);
  });
});
