import { describe, expect, it } from 'vitest';
import type { APIApplicationCommandOption, LocalizationMap } from 'discord.js';
import { buildGameCommand } from '../../src/bot/command-definition';
import { GAMES, type AnyGameModule } from '../../src/games/index';
import { commandWords } from '../../src/games/command-words';
import { catalogueProblems, COMMANDS_CATALOGUE } from '../../src/i18n/index';
import { noughtsModule } from '../fixtures/games/noughts/index';

/** The locales every command, subcommand, option and choice is registered in besides the default English. */
const LOCALES = ['de', 'fr', 'es-ES', 'es-419'] as const;
/** Discord's rule for a chat command's names: lower case, 1–32 characters, no spaces. */
const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

interface Named {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
}

function json(module: AnyGameModule) {
  return buildGameCommand(module).toJSON();
}

/** Every named part of a command (command, subcommands, options, choices) with where it stands. */
function parts(module: AnyGameModule): { at: string; part: Named; choice: boolean }[] {
  const command = json(module);
  const found: { at: string; part: Named; choice: boolean }[] = [
    { at: `/${command.name}`, part: command, choice: false },
  ];
  for (const sub of command.options ?? []) {
    const at = `/${command.name} ${sub.name}`;
    found.push({ at, part: sub, choice: false });
    for (const option of (sub as { options?: APIApplicationCommandOption[] }).options ?? []) {
      found.push({ at: `${at} ${option.name}`, part: option, choice: false });
      for (const choice of (option as { choices?: Named[] }).choices ?? [])
        found.push({ at: `${at} ${option.name}:${choice.name}`, part: choice, choice: true });
    }
  }
  return found;
}

/** The names of one level (e.g. a command's subcommands) in `locale` (the default name where none is given). */
function namesIn(level: readonly Named[], locale: string): string[] {
  return level.map((item) => item.name_localizations?.[locale as keyof LocalizationMap] ?? item.name);
}

describe('slash commands in German, French and Spanish', () => {
  it('the platform’s command words and every game’s catalogue have every key in every language', () => {
    expect(catalogueProblems('commands', COMMANDS_CATALOGUE)).toEqual([]);
    for (const module of GAMES.all) {
      expect(module.catalogue, module.key).toBeDefined();
      expect(catalogueProblems(module.key, module.catalogue!)).toEqual([]);
    }
  });

  it('localises every command, subcommand, option and choice of every game in de, fr, es-ES and es-419', () => {
    for (const module of GAMES.all) {
      for (const { at, part, choice } of parts(module)) {
        for (const locale of LOCALES) {
          const name = part.name_localizations?.[locale];
          expect(name, `${at} name in ${locale}`).toBeTruthy();
          if (choice) {
            expect(name!.length, `${at} in ${locale}`).toBeLessThanOrEqual(100);
            continue;
          }
          expect(name, `${at} in ${locale}`).toMatch(NAME);
          expect(name, `${at} in ${locale}`).toBe(name!.toLowerCase());
          const description = part.description_localizations?.[locale];
          expect(description, `${at} description in ${locale}`).toBeTruthy();
          expect(description!.length, `${at} description in ${locale}`).toBeLessThanOrEqual(100);
        }
        // Both Spanish locales read the same Spanish; British English reads the English default.
        expect(part.name_localizations?.['es-419']).toBe(part.name_localizations?.['es-ES']);
        expect(part.name_localizations?.['en-GB'] ?? part.name).toBe(part.name);
      }
    }
  });

  it('no two names of one level are the same in any locale, nor two games’ commands', () => {
    const commands = GAMES.all.map(json);
    for (const locale of ['', ...LOCALES]) {
      const levels: Named[][] = [commands];
      for (const command of commands) {
        levels.push(command.options ?? []);
        for (const sub of command.options ?? []) levels.push((sub as { options?: Named[] }).options ?? []);
      }
      for (const level of levels) {
        const names = namesIn(level, locale);
        expect(new Set(names).size, `${locale}: ${names.join(', ')}`).toBe(names.length);
      }
    }
  });

  it('speaks each game’s own name and words, and fills the game into the platform’s sentences', () => {
    const hare = json(GAMES.require('hare'));
    expect(hare.name_localizations).toMatchObject({ de: 'hase', fr: 'lièvre', 'es-ES': 'liebre' });
    expect(hare.description_localizations?.de).toBe('Hase und Igel in diesem Kanal spielen');
    const start = hare.options!.find((sub) => sub.name === 'start') as { options: Named[] };
    const seats = start.options.find((option) => option.name === 'seats')!;
    expect(seats.description_localizations?.de).toBe('Anzahl der Läufer, 2 bis 6 (Standard 4)');
    expect(seats.description_localizations?.fr).toBe('Nombre de coureurs, de 2 à 6 (4 par défaut)');
    const level = start.options.find((option) => option.name === 'computer-level')!;
    expect(level.description_localizations?.['es-419']).toContain('(por defecto: intermedio)');
    const hedgehogs = json(GAMES.require('hedgehogs'));
    expect(hedgehogs.name_localizations?.de).toBe('igel-ärgern');
    expect(hedgehogs.description_localizations?.de).toBe('Igel Ärgern in diesem Kanal spielen');
  });

  it('the English catalogue says what the command says in English', () => {
    for (const module of GAMES.all) {
      const english = commandWords(module, 'en')!;
      const command = json(module);
      expect(english.name).toBe(command.name);
      expect(english.description).toBe(command.description);
      for (const sub of command.options ?? []) {
        const words = english.subcommands[sub.name]!;
        expect({ name: words.name, description: words.description }).toEqual({
          name: sub.name,
          description: sub.description,
        });
        for (const option of (
          sub as { options?: (Named & { choices?: { name: string; value: string }[] })[] }
        ).options ?? []) {
          const own = words.options[option.name]!;
          expect({ name: own.name, description: own.description }, `${sub.name} ${option.name}`).toEqual({
            name: option.name,
            description: option.description,
          });
          for (const choice of option.choices ?? []) expect(own.choices[choice.value]).toBe(choice.name);
        }
      }
    }
  });

  it('a game without a catalogue (the fixture) registers its command in English only', () => {
    expect(noughtsModule.catalogue).toBeUndefined();
    expect(commandWords(noughtsModule, 'de')).toBeNull();
    for (const { part } of parts(noughtsModule)) {
      expect(part.name_localizations ?? undefined).toBeUndefined();
      expect(part.description_localizations ?? undefined).toBeUndefined();
    }
  });
});
