/**
 * The people the bot meets do not pile up in its caches for the life of the process: users and server members
 * are swept on the configured interval, except the bot itself, whose member the permission checks read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, GuildMember, User } from 'discord.js';
import { createHarness, runCommand, type Harness } from './harness';
import { PEOPLE_SWEEP_SECONDS } from '../../src/bot/client-caches';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Runs the sweep the client has configured, as its interval would. */
function sweepPeople(client: Client): void {
  const { users, guildMembers } = client.options.sweepers ?? {};
  const userFilter = users?.filter?.() as ((user: User) => boolean) | undefined;
  const memberFilter = guildMembers?.filter?.() as ((member: GuildMember) => boolean) | undefined;
  expect(userFilter && memberFilter, 'user and member sweepers configured').toBeTruthy();
  client.sweepers.sweepUsers(userFilter!);
  client.sweepers.sweepGuildMembers(memberFilter!);
}

describe('the client’s caches of people', () => {
  it('sweeps players every half hour and keeps the bot’s own user and member', async () => {
    const { client } = h.bot;
    expect(client.options.sweepers?.users?.interval).toBe(PEOPLE_SWEEP_SECONDS);
    expect(client.options.sweepers?.guildMembers?.interval).toBe(PEOPLE_SWEEP_SECONDS);
    for (const user of [h.users.alice, h.users.bob]) await runCommand(h, user, 'rules', {}, 'greed');
    const guild = client.guilds.cache.get(h.guildId)!;
    expect(client.users.cache.has(h.users.alice.id)).toBe(true);
    expect(guild.members.cache.has(h.users.bob.id)).toBe(true);

    sweepPeople(client);

    expect(client.users.cache.has(h.users.alice.id)).toBe(false);
    expect(guild.members.cache.has(h.users.bob.id)).toBe(false);
    expect(client.users.cache.has(client.user!.id)).toBe(true);
    expect(guild.members.me).not.toBeNull();
    const channel = client.channels.cache.get(h.channel.id);
    expect(
      channel && 'permissionsFor' in channel ? channel.permissionsFor(client.user!) : null,
    ).not.toBeNull();
    // A player swept away is met again with their next interaction.
    const answer = await runCommand(h, h.users.alice, 'rules', {}, 'greed');
    expect(JSON.stringify(answer)).toMatch(/dice/i);
    expect(client.users.cache.has(h.users.alice.id)).toBe(true);
  });
});
