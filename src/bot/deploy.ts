import { REST, Routes } from 'discord.js';
import type { Command } from './command';

export interface DeployOptions {
  /** The slash commands to register (commands/index.ts). */
  commands: readonly Command[];
  token: string;
  clientId: string;
  /** Register to this server only (instant); otherwise globally. */
  guildId?: string;
  /** REST base address, for a local fake Discord in tests. */
  api?: string;
}

/** The JSON bodies of every slash command, as Discord expects them. */
export function commandDefinitions(commands: readonly Command[]) {
  return commands.map((command) => command.data.toJSON());
}

/** Bulk-overwrites the application's commands (guild commands when a guild id is given). */
export async function deployCommands(options: DeployOptions): Promise<{ count: number; scope: string }> {
  const rest = new REST(options.api ? { api: options.api } : {}).setToken(options.token);
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.clientId, options.guildId)
    : Routes.applicationCommands(options.clientId);
  const body = commandDefinitions(options.commands);
  await rest.put(route, { body });
  return { count: body.length, scope: options.guildId ? `server ${options.guildId}` : 'global' };
}
