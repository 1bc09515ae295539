/**
 * A game's slash command, generated from its module: the platform's subcommands (start, status, hand, log,
 * rules, leave, end, stats, leaderboard, history, verify), the game's play subcommands and tools. Every option comes from one
 * spec, the same the service validates with.
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import type { AnyGameModule, OptionSpec } from '../games/contract';

function addOption(sub: SlashCommandSubcommandBuilder, spec: OptionSpec): void {
  const described = (text: string) => text.slice(0, 100);
  switch (spec.type) {
    case 'integer':
      sub.addIntegerOption((o) => {
        o.setName(spec.name)
          .setDescription(described(spec.description))
          .setMinValue(spec.min)
          .setMaxValue(spec.max)
          .setRequired(spec.required ?? false);
        if (spec.autocomplete) o.setAutocomplete(true);
        return o;
      });
      return;
    case 'string':
      sub.addStringOption((o) =>
        o
          .setName(spec.name)
          .setDescription(described(spec.description))
          .setRequired(spec.required ?? false)
          .addChoices(
            ...spec.choices.map((choice) => ({ name: choice.label.slice(0, 100), value: choice.value })),
          ),
      );
      return;
    case 'text':
      sub.addStringOption((o) =>
        o
          .setName(spec.name)
          .setDescription(described(spec.description))
          .setRequired(spec.required ?? false)
          .setMaxLength(spec.maxLength)
          .setAutocomplete(spec.autocomplete ?? false),
      );
      return;
  }
}

/** The platform's start options around the game's own: seats, the game's options, level, speed, turn limit. */
export function startOptions(module: AnyGameModule): OptionSpec[] {
  const noun = module.texts.seatNoun ?? 'player';
  const seats: OptionSpec = {
    type: 'integer',
    name: 'seats',
    description: `Number of ${noun}s, ${module.seats.min} to ${module.seats.max} (default ${module.seats.default})`,
    min: module.seats.min,
    max: module.seats.max,
    default: module.seats.default,
  };
  const levels: OptionSpec[] =
    module.computer.levels.length > 1
      ? [
          {
            type: 'string',
            name: 'computer-level',
            description: `Level of the computer players that fill empty seats (default ${module.computer.defaultLevel})`,
            choices: module.computer.levels.map((level) => ({ value: level, label: level })),
            default: module.computer.defaultLevel,
          },
        ]
      : [];
  const speed: OptionSpec = {
    type: 'string',
    name: 'speed',
    description: 'How fast computer players move (default normal)',
    choices: ['fast', 'normal', 'slow'].map((value) => ({ value, label: value })),
    default: 'normal',
  };
  const turnLimit: OptionSpec[] = module.turnLimit
    ? [
        {
          type: 'integer',
          name: 'turn-limit',
          description: 'End the game after this many rounds; the standings then decide (default: none)',
          min: module.turnLimit.min,
          max: module.turnLimit.max,
          default: null,
        },
      ]
    : [];
  const [firstOwn, ...otherOwn] = module.options;
  // Hare & Tortoise has always offered its rule set first; other games list seats first.
  const own = module.key === 'hare' && firstOwn ? [firstOwn, seats, ...otherOwn] : [seats, ...module.options];
  return [...own, ...levels, speed, ...turnLimit];
}

export function buildGameCommand(module: AnyGameModule): SlashCommandSubcommandsOnlyBuilder {
  const noun = module.texts.seatNoun ?? 'player';
  const command = new SlashCommandBuilder()
    .setName(module.key)
    .setDescription(`Play ${module.title} in this channel`)
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  const simple = (name: string, description: string) =>
    command.addSubcommand((sub) => sub.setName(name).setDescription(description));
  command.addSubcommand((sub) => {
    sub.setName('start').setDescription('Open a new game in this channel; others join with the buttons');
    for (const spec of startOptions(module)) addOption(sub, spec);
    return sub;
  });
  for (const play of [...module.commands, ...(module.tools ?? [])]) {
    command.addSubcommand((sub) => {
      sub.setName(play.name).setDescription(play.description.slice(0, 100));
      for (const spec of play.options) addOption(sub, spec);
      return sub;
    });
  }
  simple('status', 'Show the board of the game in this channel');
  simple('hand', 'Privately: where you stand and what you can do');
  simple('log', 'The latest moves of the game in this channel');
  simple('rules', 'Privately: the rules of the game in play');
  simple('leave', `Leave the game; a computer player takes over your ${noun}`);
  simple('end', 'End the game in this channel (host, or members who manage messages)');
  command.addSubcommand((sub) =>
    sub
      .setName('stats')
      .setDescription('Game statistics of a player on this server')
      .addUserOption((o) => o.setName('user').setDescription('Whose statistics (default: yours)')),
  );
  simple('leaderboard', 'The best players on this server');
  command.addSubcommand((sub) =>
    sub
      .setName('history')
      .setDescription('Privately: the latest finished games on this server, their summaries and replays')
      .addUserOption((o) => o.setName('user').setDescription('Only the games of this player')),
  );
  command.addSubcommand((sub) =>
    sub
      .setName('verify')
      .setDescription('Privately: check that a finished game’s dice and cards were fair (its log attached)')
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('The game id (default: the latest game in this channel)')
          .setMaxLength(16),
      ),
  );
  return command;
}
