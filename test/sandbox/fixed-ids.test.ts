import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/fakediscord/index';
import { createSandboxWorld, SANDBOX_IDS } from '../../src/sandbox/world';

describe('fixed snowflakes in the fake Discord (what lets the sandbox resume its games)', () => {
  let fake: FakeDiscord | null = null;
  afterEach(async () => {
    await fake?.stop();
    fake = null;
  });

  it('creates guilds, channels and users with the ids asked for, and refuses duplicates', () => {
    fake = new FakeDiscord();
    const { guild, channels } = fake.addGuild({
      id: '1300000000000009000',
      channels: [{ name: 'fixed', id: '1300000000000009001', topic: 'kept' }, 'generated'],
    });
    expect(guild.id).toBe('1300000000000009000');
    expect(channels[0]).toMatchObject({ id: '1300000000000009001', name: 'fixed', topic: 'kept' });
    expect(channels[1]!.id).not.toBe('1300000000000009001');
    const extra = fake.addTextChannel(guild.id, 'extra', { id: '1300000000000009002' });
    expect(fake.state.channel('1300000000000009002')).toBe(extra);
    const user = fake.addUser({ id: '1300000000000009003', username: 'kept' });
    expect(fake.state.user('1300000000000009003')).toBe(user);

    expect(() => fake!.addTextChannel(guild.id, 'again', { id: '1300000000000009001' })).toThrow(
      /exists already/,
    );
    expect(() => fake!.addGuild({ id: '1300000000000009000' })).toThrow(/exists already/);
    expect(() => fake!.addUser({ id: '1300000000000009003', username: 'twice' })).toThrow(/exists already/);
  });

  it('builds the same sandbox world in every new fake, and interactions carry those ids', async () => {
    const worlds = [new FakeDiscord(), new FakeDiscord()].map((each) => {
      const world = createSandboxWorld(each);
      return { world, fake: each };
    });
    expect(worlds[0]!.world).toEqual(worlds[1]!.world);
    expect(worlds[0]!.world.guildId).toBe(SANDBOX_IDS.guild);
    expect(worlds[0]!.world.channels.map((c) => c.id)).toEqual(Object.values(SANDBOX_IDS.channels));
    expect(worlds[0]!.world.users.map((u) => u.id)).toEqual(Object.values(SANDBOX_IDS.users));

    fake = worlds[0]!.fake;
    await fake.start();
    const interaction = fake.slashCommand({
      user: SANDBOX_IDS.users.bob,
      channel: SANDBOX_IDS.channels.lettucePatch,
      name: 'hare',
      subcommand: 'status',
    });
    expect(interaction.payload).toMatchObject({
      guild_id: SANDBOX_IDS.guild,
      channel_id: SANDBOX_IDS.channels.lettucePatch,
      member: { user: { id: SANDBOX_IDS.users.bob, global_name: 'Bob' } },
    });
    expect(fake.permissionsOf(SANDBOX_IDS.users.dana, SANDBOX_IDS.channels.raceTrack)).toContain(
      'ManageMessages',
    );
    expect(fake.permissionsOf(SANDBOX_IDS.users.alice, SANDBOX_IDS.channels.raceTrack)).not.toContain(
      'ManageMessages',
    );
  });
});
