import type { FakeDiscord } from '../fakediscord/index';

/**
 * Fixed snowflakes of the sandbox, so that a restart finds the games of ./data/sandbox.db in the same channels
 * and seats the same people. Their timestamps lie in 2024, before any id the fake generates at run time.
 */
export const SANDBOX_IDS = {
  application: '1300000000000000100',
  guild: '1300000000000000200',
  channels: { raceTrack: '1300000000000000301', lettucePatch: '1300000000000000302' },
  users: {
    alice: '1300000000000000401',
    bob: '1300000000000000402',
    carol: '1300000000000000403',
    dana: '1300000000000000404',
  },
} as const;

/** The bot token the sandbox's fake Discord accepts (it never leaves 127.0.0.1). */
export const SANDBOX_TOKEN = 'hare-sandbox-local-token';

export interface SandboxUser {
  id: string;
  username: string;
  name: string;
  /** A short note shown in the switcher, e.g. the extra permission. */
  note: string | null;
  /** Avatar colour, as CSS. */
  color: string;
}

export interface SandboxChannel {
  id: string;
  name: string;
  topic: string;
}

export interface SandboxWorld {
  guildId: string;
  guildName: string;
  channels: SandboxChannel[];
  users: SandboxUser[];
}

const CHANNELS: SandboxChannel[] = [
  {
    id: SANDBOX_IDS.channels.raceTrack,
    name: 'race-track',
    topic: "Type a game's start command (/… start) to open a game",
  },
  {
    id: SANDBOX_IDS.channels.lettucePatch,
    name: 'lettuce-patch',
    topic: 'A second table: one game per channel',
  },
];

const USERS: (SandboxUser & { moderator: boolean })[] = [
  {
    id: SANDBOX_IDS.users.alice,
    username: 'alice',
    name: 'Alice',
    note: null,
    color: '#e67e22',
    moderator: false,
  },
  { id: SANDBOX_IDS.users.bob, username: 'bob', name: 'Bob', note: null, color: '#3498db', moderator: false },
  {
    id: SANDBOX_IDS.users.carol,
    username: 'carol',
    name: 'Carol',
    note: null,
    color: '#9b59b6',
    moderator: false,
  },
  {
    id: SANDBOX_IDS.users.dana,
    username: 'dana',
    name: 'Dana',
    note: 'Manage Messages',
    color: '#1abc9c',
    moderator: true,
  },
];

/** Creates the sandbox guild, its channels and the local users in a fresh fake Discord. */
export function createSandboxWorld(fake: FakeDiscord): SandboxWorld {
  const guildName = 'Hare Sandbox';
  const { guild } = fake.addGuild({ id: SANDBOX_IDS.guild, name: guildName, channels: CHANNELS });
  for (const user of USERS) {
    fake.addUser({
      id: user.id,
      username: user.username,
      globalName: user.name,
      guilds: [guild.id],
      ...(user.moderator ? { permissions: ['ManageMessages'] as const } : {}),
    });
  }
  return {
    guildId: guild.id,
    guildName,
    channels: CHANNELS.map((channel) => ({ ...channel })),
    users: USERS.map(({ moderator: _moderator, ...user }) => user),
  };
}
