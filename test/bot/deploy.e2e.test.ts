import { commands } from '../../commands/index';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandDefinitions, deployCommands } from '../../src/bot/deploy';
import { FakeDiscord } from '../../src/fakediscord/index';
import { GAMES, PLATFORM_SUBCOMMANDS } from '../../src/games/index';

const GAME_KEYS = GAMES.all.map((module) => module.key);

/** A registered command, subcommand, option or choice with its localizations. */
interface Localized {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Localized[];
  choices?: Localized[];
}
const HARE_SUBCOMMANDS = [
  'start',
  'join',
  'move',
  'back',
  'eat',
  'carrots',
  'status',
  'hand',
  'log',
  'rules',
  'leave',
  'end',
  'stats',
  'leaderboard',
  'history',
  'verify',
  'tournament',
];

describe('npm run deploy-commands', () => {
  let fake = new FakeDiscord();
  beforeEach(() => {
    fake = new FakeDiscord();
  });
  afterEach(() => fake.stop());

  it('registers a command per game, /hare with every subcommand, per server or globally', async () => {
    const { guild } = fake.addGuild({ name: 'Deploy' });
    await fake.start();
    const guildScope = await deployCommands({
      commands,
      token: 't',
      clientId: fake.applicationId,
      guildId: guild.id,
      api: fake.apiUrl,
    });
    expect(guildScope).toEqual({ count: GAME_KEYS.length + 1, scope: `server ${guild.id}` });
    const registered = fake.commands(guild.id);
    expect(registered.map((c) => c.name)).toEqual([...GAME_KEYS, 'arena']);
    // Offered in servers only, for a server install; no deprecated dm_permission.
    for (const command of registered) {
      expect(command).toMatchObject({ contexts: [0], integration_types: [0] });
      expect(command).not.toHaveProperty('dm_permission');
    }
    expect(registered[0]!.options?.map((o) => o.name)).toEqual(HARE_SUBCOMMANDS);
    for (const [index, module] of GAMES.all.entries()) {
      const names = registered[index]!.options?.map((o) => o.name) ?? [];
      expect(names).toEqual(expect.arrayContaining([...PLATFORM_SUBCOMMANDS]));
      for (const play of [...module.commands, ...(module.tools ?? [])]) expect(names).toContain(play.name);
    }
    expect(fake.commands(null)).toHaveLength(0);
    expect(
      (await deployCommands({ commands, token: 't', clientId: fake.applicationId, api: fake.apiUrl })).scope,
    ).toBe('global');
    expect(fake.commands(null).map((c) => c.name)).toEqual([...GAME_KEYS, 'arena']);
  });

  it('registers every command, subcommand, option and choice in German, French and Spanish', async () => {
    const { guild } = fake.addGuild({ name: 'Mehrsprachig' });
    await fake.start();
    await deployCommands({
      commands,
      token: 't',
      clientId: fake.applicationId,
      guildId: guild.id,
      api: fake.apiUrl,
    });
    const registered = fake.commands(guild.id) as unknown as Localized[];
    expect(registered.map((command) => command.name_localizations?.['de'])).toEqual([
      'hase',
      'greed',
      'candyland',
      'igel-ärgern',
      'arena',
    ]);
    const parts: Localized[] = [];
    for (const command of registered) {
      parts.push(command);
      for (const sub of command.options ?? []) {
        parts.push(sub);
        for (const option of sub.options ?? []) parts.push(option, ...(option.choices ?? []));
      }
    }
    expect(parts.length).toBeGreaterThan(100);
    for (const part of parts) {
      for (const locale of ['de', 'fr', 'es-ES', 'es-419']) {
        expect(part.name_localizations?.[locale], `${part.name} in ${locale}`).toBeTruthy();
        if (part.description !== undefined)
          expect(part.description_localizations?.[locale], `${part.name} in ${locale}`).toBeTruthy();
      }
    }
    const start = registered[0]!.options!.find((sub) => sub.name === 'start')!;
    expect(start.name_localizations).toMatchObject({ de: 'starten', fr: 'commencer', 'es-419': 'empezar' });
    const speed = start.options!.find((option) => option.name === 'speed')!;
    expect(speed.choices!.map((choice) => choice.name_localizations?.['fr'])).toEqual([
      'rapide',
      'normale',
      'lente',
    ]);
  });

  it('describes every subcommand and option within Discord limits', () => {
    for (const definition of commandDefinitions(commands)) {
      for (const sub of definition.options ?? []) {
        expect(sub.description.length).toBeGreaterThan(0);
        expect(sub.description.length).toBeLessThanOrEqual(100);
      }
    }
  });
});
