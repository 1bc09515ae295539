import { FakeDiscord } from '../fakediscord/index';
import type { Logger } from '../logger';
import { CommandPaths } from './command-paths';
import { MessageHistory } from './history';
import { languagesFileFor, SandboxLanguages } from './languages';
import { PageServer } from './server';
import {
  createSandboxWorld,
  SANDBOX_IDS,
  SANDBOX_TOKEN,
  type SandboxChannel,
  type SandboxUser,
} from './world';

/**
 * The local sandbox: a fake Discord with a fixed guild, channels and people, and a page on 127.0.0.1 that looks
 * and behaves like a Discord text channel. The real bot logs into the fake (`apiUrl`, `token`); everything the
 * page does goes through the fake as interactions, so the bot runs exactly the code it runs on Discord.
 */

export { SANDBOX_IDS, SANDBOX_TOKEN } from './world';
export type { SandboxChannel, SandboxUser } from './world';
export type { PageMessage } from './page-view';

export interface SandboxOptions {
  /** Port of the page (0: any free port). */
  port: number;
  logger: Logger;
  /**
   * Where the channels' messages are kept across restarts (e.g. ./data/sandbox-messages.json); null: nowhere.
   * The language settings are kept beside it (sandbox-languages.json).
   */
  historyFile?: string | null;
}

export interface Sandbox {
  /** REST base of the fake Discord, for the discord.js client and the command deployment. */
  apiUrl: string;
  token: string;
  applicationId: string;
  guildId: string;
  channels: SandboxChannel[];
  users: SandboxUser[];
  /** http://127.0.0.1:PORT/ */
  pageUrl: string;
  fake: FakeDiscord;
  /** Messages put back from the history file at start. */
  restoredMessages: number;
  /** Closes the page server (and its live streams), saves the history and stops the fake. */
  stop(): Promise<void>;
}

async function listenOrExplain(server: PageServer, port: number): Promise<number> {
  try {
    return await server.listen(port);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      throw new Error(`port ${port} is in use; set SANDBOX_PORT to another port (0 = any free port)`);
    }
    throw error;
  }
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const fake = new FakeDiscord({
    applicationId: SANDBOX_IDS.application,
    token: SANDBOX_TOKEN,
    botUsername: 'Hare',
  });
  const world = createSandboxWorld(fake);
  await fake.start();
  const channelIds = new Set(world.channels.map((c) => c.id));
  const commandPaths = new CommandPaths(fake);
  commandPaths.attach();
  const history = options.historyFile
    ? new MessageHistory(options.historyFile, fake, channelIds, commandPaths, options.logger)
    : null;
  const restoredMessages = history?.restore() ?? 0;
  history?.attach();
  const languages = new SandboxLanguages(fake, world, languagesFileFor(options.historyFile), options.logger);
  languages.restore();
  const server = new PageServer({ fake, world, logger: options.logger, commandPaths, languages });
  let port: number;
  try {
    port = await listenOrExplain(server, options.port);
  } catch (error) {
    history?.detach();
    commandPaths.detach();
    await server.close();
    await fake.stop();
    throw error;
  }
  return {
    apiUrl: fake.apiUrl,
    token: SANDBOX_TOKEN,
    applicationId: fake.applicationId,
    guildId: world.guildId,
    channels: world.channels,
    users: world.users,
    pageUrl: `http://127.0.0.1:${port}/`,
    fake,
    restoredMessages,
    async stop() {
      history?.detach();
      commandPaths.detach();
      await server.close();
      await fake.stop();
    },
  };
}
