import {
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { BotContext } from '../src/bot/context';
import { handleAutocomplete, handleHareCommand } from '../src/bot/commands';

/** `/hare …`: every subcommand of the game. The work is done in src/bot; this file only declares and routes. */
export const data = new SlashCommandBuilder()
  .setName('hare')
  .setDescription('Play Hare & Tortoise in this channel')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    sub
      .setName('start')
      .setDescription('Open a new game in this channel; others join with the buttons')
      .addStringOption((o) =>
        o
          .setName('rules')
          .setDescription('Rule set (default: standard)')
          .addChoices(
            { name: 'standard: the published game, hare cards', value: 'standard' },
            { name: 'classic: the 2007 rules, hare die', value: 'classic' },
          ),
      )
      .addIntegerOption((o) =>
        o
          .setName('seats')
          .setDescription('Number of runners, 2 to 6 (default 4)')
          .setMinValue(2)
          .setMaxValue(6),
      )
      .addStringOption((o) =>
        o
          .setName('computer-level')
          .setDescription('Level of the computer players that fill empty seats (default intermediate)')
          .addChoices(
            { name: 'novice', value: 'novice' },
            { name: 'intermediate', value: 'intermediate' },
            { name: 'advanced', value: 'advanced' },
          ),
      )
      .addStringOption((o) =>
        o
          .setName('speed')
          .setDescription('How fast computer players move (default normal)')
          .addChoices(
            { name: 'fast', value: 'fast' },
            { name: 'normal', value: 'normal' },
            { name: 'slow', value: 'slow' },
          ),
      )
      .addIntegerOption((o) =>
        o
          .setName('turn-limit')
          .setDescription(
            'End the race after this many turns; the order on the track decides (default: none)',
          )
          .setMinValue(3)
          .setMaxValue(500),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('move')
      .setDescription('Move your runner to a square')
      .addIntegerOption((o) =>
        o
          .setName('square')
          .setDescription('The square to move to (64 = finish); suggestions show the cost')
          .setMinValue(0)
          .setMaxValue(64)
          .setRequired(true)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub.setName('back').setDescription('Fall back to the nearest tortoise square for carrots'),
  )
  .addSubcommand((sub) =>
    sub.setName('eat').setDescription('Eat a lettuce on the lettuce square you stand on'),
  )
  .addSubcommand((sub) =>
    sub
      .setName('carrots')
      .setDescription('On a carrot square: take or pay 10 carrots')
      .addStringOption((o) =>
        o
          .setName('choice')
          .setDescription('Take 10 or pay 10')
          .setRequired(true)
          .addChoices({ name: 'take 10', value: 'take' }, { name: 'pay 10', value: 'pay' }),
      ),
  )
  .addSubcommand((sub) => sub.setName('status').setDescription('Show the board of the game in this channel'))
  .addSubcommand((sub) =>
    sub.setName('hand').setDescription('Privately: your carrots, lettuces and where you can move'),
  )
  .addSubcommand((sub) => sub.setName('log').setDescription('The latest moves of the game in this channel'))
  .addSubcommand((sub) => sub.setName('rules').setDescription('Privately: the rules of the game in play'))
  .addSubcommand((sub) =>
    sub.setName('leave').setDescription('Leave the game; a computer player takes over your runner'),
  )
  .addSubcommand((sub) =>
    sub.setName('end').setDescription('End the game in this channel (host, or members who manage messages)'),
  )
  .addSubcommand((sub) =>
    sub
      .setName('stats')
      .setDescription('Game statistics of a player on this server')
      .addUserOption((o) => o.setName('user').setDescription('Whose statistics (default: yours)')),
  )
  .addSubcommand((sub) => sub.setName('leaderboard').setDescription('The best players on this server'));

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  await handleHareCommand(interaction, context);
}

export async function autocomplete(interaction: AutocompleteInteraction, context: BotContext): Promise<void> {
  await handleAutocomplete(interaction, context);
}
