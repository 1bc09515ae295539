import {
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  PermissionFlagsBits,
  type TextChannel,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/fakediscord/index';
import { loginClient, onInteraction, startHarness, stopHarness, type Harness } from './helpers';

describe('FakeDiscord gateway and login', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('makes the client ready with the guild, its channels, roles and members cached', async () => {
    h = await startHarness();
    const { client, fake, setup } = h;
    expect(client.user?.id).toBe(fake.bot.id);
    expect(client.user?.bot).toBe(true);
    expect(client.application?.id).toBe(fake.applicationId);
    const guild = client.guilds.cache.get(setup.guild.id);
    expect(guild?.name).toBe('Burrow');
    expect(guild?.ownerId).toBe(setup.owner.id);
    const channels = setup.channels.map((c) => client.channels.cache.get(c.id));
    expect(channels.map((c) => c?.type)).toEqual([ChannelType.GuildText, ChannelType.GuildText]);
    expect((channels[0] as TextChannel).name).toBe('general');
    expect(guild?.roles.cache.get(setup.botRole.id)?.managed).toBe(true);
    const me = guild?.members.me;
    expect(me?.id).toBe(fake.bot.id);
    const permissions = (channels[0] as TextChannel).permissionsFor(fake.bot.id);
    expect(permissions?.has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(permissions?.has(PermissionFlagsBits.ManageMessages)).toBe(false);
    expect(fake.connectedSessions).toBe(1);
    expect(fake.requests.some((r) => r.route === '/gateway/bot' && r.status === 200)).toBe(true);
  });

  it('lets a new client log in after destroy() and answers it instead', async () => {
    h = await startHarness();
    const { fake, setup } = h;
    const alice = fake.addUser({ username: 'alice' });
    await h.client.destroy();
    const second = await loginClient(fake);
    h.client = second;
    expect(second.guilds.cache.has(setup.guild.id)).toBe(true);
    const handler = onInteraction(second, async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('second client here');
    });
    const outcome = await fake.waitForResponse(
      fake.slashCommand({ user: alice, channel: setup.channel, name: 'ping' }),
    );
    expect(outcome.message?.content).toBe('second client here');
    expect(outcome.interaction.deliveredTo).toBe(1);
    expect(fake.connectedSessions).toBe(1);
    handler.off();
  });

  it('resumes after a RECONNECT request and keeps delivering interactions', async () => {
    h = await startHarness();
    const { fake, setup, client } = h;
    const alice = fake.addUser({ username: 'alice' });
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    fake.requestReconnect();
    await resumed;
    const handler = onInteraction(client, async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('still here');
    });
    const outcome = await fake.waitForResponse(
      fake.slashCommand({ user: alice, channel: setup.channel, name: 'ping' }),
    );
    expect(outcome.message?.content).toBe('still here');
    handler.off();
  });

  it('mirrors permission changes to the client cache (CHANNEL_UPDATE)', async () => {
    h = await startHarness();
    const { fake, setup, client } = h;
    const channel = client.channels.cache.get(setup.channel.id) as TextChannel;
    fake.setBotChannelPermissions(setup.channel.id, { deny: ['AttachFiles'] });
    await expect
      .poll(() => channel.permissionsFor(fake.bot.id)?.has(PermissionFlagsBits.AttachFiles), {
        timeout: 2000,
      })
      .toBe(false);
    expect(fake.permissionsOf(fake.bot.id, setup.channel.id)).not.toContain('AttachFiles');
  });

  it('serves users and members over REST and member chunks over the gateway', async () => {
    h = await startHarness();
    const { fake, setup, client } = h;
    const mod = fake.addUser({ username: 'mod', globalName: 'Moderator', permissions: ['ManageMessages'] });
    const guild = client.guilds.cache.get(setup.guild.id)!;
    const member = await guild.members.fetch({ user: mod.id, force: true });
    expect(member.displayName).toBe('Moderator');
    expect(member.permissionsIn(setup.channel.id).has(PermissionFlagsBits.ManageMessages)).toBe(true);
    expect((await client.users.fetch(mod.id, { force: true })).username).toBe('mod');
    const chunk = await guild.members.fetch({ user: [mod.id, setup.owner.id] });
    expect([...chunk.keys()].sort()).toEqual([mod.id, setup.owner.id].sort());
  });

  it('rejects a wrong token when a token is configured', async () => {
    const fake = new FakeDiscord({ token: 'right-token' });
    fake.addGuild();
    await fake.start();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: fake.restOptions() });
    try {
      await expect(client.login('wrong-token')).rejects.toThrow();
      expect(fake.requests.at(-1)?.status).toBe(401);
    } finally {
      await client.destroy();
      await fake.stop();
    }
  });
});
