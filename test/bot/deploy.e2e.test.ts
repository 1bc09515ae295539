import { commands } from '../../commands/index';
import { afterEach, describe, expect, it } from 'vitest';
import { commandDefinitions, deployCommands } from '../../src/bot/deploy';
import { FakeDiscord } from '../../src/fakediscord/index';

const SUBCOMMANDS = [
  'start',
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
];

describe('npm run deploy-commands', () => {
  const fake = new FakeDiscord();
  afterEach(() => fake.stop());

  it('registers /hare with every subcommand, per server or globally', async () => {
    const { guild } = fake.addGuild({ name: 'Deploy' });
    await fake.start();
    const guildScope = await deployCommands({
      commands,
      token: 't',
      clientId: fake.applicationId,
      guildId: guild.id,
      api: fake.apiUrl,
    });
    expect(guildScope).toEqual({ count: 1, scope: `server ${guild.id}` });
    const registered = fake.commands(guild.id);
    expect(registered.map((c) => c.name)).toEqual(['hare']);
    expect(registered[0]!.options?.map((o) => o.name)).toEqual(SUBCOMMANDS);
    expect(fake.commands(null)).toHaveLength(0);
    expect(
      (await deployCommands({ commands, token: 't', clientId: fake.applicationId, api: fake.apiUrl })).scope,
    ).toBe('global');
    expect(fake.commands(null).map((c) => c.name)).toEqual(['hare']);
  });

  it('describes every subcommand and option within Discord limits', () => {
    const [hare] = commandDefinitions(commands);
    for (const sub of hare!.options ?? []) {
      expect(sub.description.length).toBeGreaterThan(0);
      expect(sub.description.length).toBeLessThanOrEqual(100);
    }
  });
});
