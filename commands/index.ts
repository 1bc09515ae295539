import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/context';
import * as hare from './hare';

/** A slash command in the discord.js guide's shape: its definition and its handlers. */
export interface Command {
  data: SlashCommandSubcommandsOnlyBuilder;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
}

export const commands: readonly Command[] = [hare];
