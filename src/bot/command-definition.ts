/**
 * A game's slash command, generated from its module: the platform's subcommands (PLATFORM_SUBCOMMANDS), the
 * game's play subcommands and tools. Every option comes from one spec, the same the service validates with; the
 * registration check (src/games/module-check.ts) has already refused anything Discord would. The English words
 * are the default; every other language's come from the catalogue (CommandLocalizations).
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import type { AnyGameModule, OptionSpec } from '../games/contract';
import { PLATFORM_SUBCOMMANDS, type PlatformSubcommand } from '../games/index';
import { CLIENT_SEED_OPTION_LENGTH, startOptionSpecs } from '../games/options';
import { CommandLocalizations } from './command-localizations';
import { MAX_GAMES_PER_PAIRING, TOURNAMENT_FORMATS } from '../service/tournament-plan';

/** The longest list of entrants one may type. */
export const TOURNAMENT_ENTRANTS_LENGTH = 300;

function addOption(
  sub: SlashCommandSubcommandBuilder,
  spec: OptionSpec,
  localizations: CommandLocalizations,
): void {
  switch (spec.type) {
    case 'integer':
      sub.addIntegerOption((o) => {
        o.setName(spec.name)
          .setDescription(spec.description)
          .setMinValue(spec.min)
          .setMaxValue(spec.max)
          .setRequired(spec.required ?? false);
        if (spec.autocomplete) o.setAutocomplete(true);
        return localizations.option(sub.name, o);
      });
      return;
    case 'string':
      sub.addStringOption((o) =>
        localizations.option(
          sub.name,
          o
            .setName(spec.name)
            .setDescription(spec.description)
            .setRequired(spec.required ?? false)
            .addChoices(
              ...spec.choices.map((choice) => ({
                name: choice.label,
                value: choice.value,
                ...localizations.choice(sub.name, spec.name, choice.value),
              })),
            ),
        ),
      );
      return;
    case 'text':
      sub.addStringOption((o) =>
        localizations.option(
          sub.name,
          o
            .setName(spec.name)
            .setDescription(spec.description)
            .setRequired(spec.required ?? false)
            .setMaxLength(spec.maxLength)
            .setAutocomplete(spec.autocomplete ?? false),
        ),
      );
      return;
  }
}

type Subcommand = SlashCommandSubcommandBuilder;

/** Each platform subcommand but start (built around the game's options), as the game's command shows it. */
function platformSubcommands(
  module: AnyGameModule,
  localizations: CommandLocalizations,
): Record<Exclude<PlatformSubcommand, 'start'>, (sub: Subcommand) => Subcommand> {
  const noun = module.texts.seatNoun ?? 'player';
  return {
    join: (sub) =>
      sub
        .setDescription('Take a seat in the lobby, or change your value for the dice')
        .addStringOption((o) =>
          localizations.option(
            'join',
            o
              .setName('client-seed')
              .setDescription(
                'Your own value for the dice: 1 to 64 letters, digits, - _ . (default: one drawn for you)',
              )
              .setMaxLength(CLIENT_SEED_OPTION_LENGTH),
          ),
        ),
    status: (sub) => sub.setDescription('Show the board of the game in this channel'),
    hand: (sub) => sub.setDescription('Privately: where you stand and what you can do'),
    log: (sub) => sub.setDescription('The latest moves of the game in this channel'),
    rules: (sub) => sub.setDescription('Privately: the rules of the game in play'),
    leave: (sub) => sub.setDescription(`Leave the game; a computer player takes over your ${noun}`),
    end: (sub) => sub.setDescription('End the game in this channel (host, or members who manage messages)'),
    stats: (sub) =>
      sub
        .setDescription('Game statistics of a player on this server')
        .addUserOption((o) =>
          localizations.option(
            'stats',
            o.setName('user').setDescription('Whose statistics (default: yours)'),
          ),
        ),
    leaderboard: (sub) => sub.setDescription('The best players on this server'),
    history: (sub) =>
      sub
        .setDescription('Privately: the latest finished games on this server, their summaries and replays')
        .addUserOption((o) =>
          localizations.option('history', o.setName('user').setDescription('Only the games of this player')),
        ),
    verify: (sub) =>
      sub
        .setDescription('Privately: check that a finished game’s dice and cards were fair (its log attached)')
        .addStringOption((o) =>
          localizations.option(
            'verify',
            o
              .setName('game')
              .setDescription('The game id (default: the latest game in this channel)')
              .setMaxLength(16),
          ),
        ),
    tournament: (sub) =>
      sub
        .setDescription(
          'Start a tournament of computer players (built-in levels and this server’s programs) in a thread',
        )
        .addStringOption((o) =>
          localizations.option(
            'tournament',
            o
              .setName('entrants')
              .setDescription(
                'Who plays, separated by commas (default: every built-in level and connected program)',
              )
              .setMaxLength(TOURNAMENT_ENTRANTS_LENGTH)
              .setAutocomplete(true),
          ),
        )
        .addStringOption((o) =>
          localizations.option(
            'tournament',
            o
              .setName('format')
              .setDescription('Round robin or Swiss system (default: round robin up to 6 entrants)')
              .addChoices(
                ...TOURNAMENT_FORMATS.map((format) => ({
                  name: format === 'swiss' ? 'Swiss system' : 'Round robin',
                  value: format,
                  ...localizations.choice('tournament', 'format', format),
                })),
              ),
          ),
        )
        .addIntegerOption((o) =>
          localizations.option(
            'tournament',
            o
              .setName('games')
              .setDescription('Games each pairing plays, seats swapped in turn (1–10, default 2)')
              .setMinValue(1)
              .setMaxValue(MAX_GAMES_PER_PAIRING),
          ),
        ),
  };
}

/** The game's command: start and join, the game's play commands and tools, then the platform's others. */
export function buildGameCommand(module: AnyGameModule): SlashCommandSubcommandsOnlyBuilder {
  const localizations = new CommandLocalizations(module);
  const command = localizations.command(
    new SlashCommandBuilder()
      .setName(module.key)
      .setDescription(`Play ${module.title} in this channel`)
      .setContexts(InteractionContextType.Guild)
      .setIntegrationTypes(ApplicationIntegrationType.GuildInstall),
  );
  command.addSubcommand((sub) => {
    sub.setName('start').setDescription('Open a new game in this channel; others join with the buttons');
    for (const spec of startOptionSpecs(module)) addOption(sub, spec, localizations);
    return localizations.subcommand(sub);
  });
  const others = platformSubcommands(module, localizations);
  // Join beside start: both take a seat (docs/fairness.md: each with the person's own value for the dice).
  command.addSubcommand((sub) => localizations.subcommand(others.join(sub.setName('join'))));
  for (const play of [...module.commands, ...(module.tools ?? [])]) {
    command.addSubcommand((sub) => {
      sub.setName(play.name).setDescription(play.description);
      for (const spec of play.options) addOption(sub, spec, localizations);
      return localizations.subcommand(sub);
    });
  }
  for (const name of PLATFORM_SUBCOMMANDS)
    if (name !== 'start' && name !== 'join')
      command.addSubcommand((sub) => localizations.subcommand(others[name](sub.setName(name))));
  return command;
}
