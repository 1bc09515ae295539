/**
 * `/<game> tournament`: a server manager starts a tournament of computer players (the game's built-in levels and
 * the programs connected for the server) in a text channel; the bot opens a thread for it, keeps ONE standings
 * message there (edited as games finish, at most every few seconds: tournament-feed.ts), and posts the results,
 * the chart and the list of games at the end. The games are the service's (src/service/tournament.ts); their boards are not
 * posted (see BoardPublisher), each one's summary, replay and verification are a pick in the list away.
 */
import {
  ChannelType,
  PermissionFlagsBits,
  ThreadAutoArchiveDuration,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { LANGUAGES, languageOfLocale, messageWords, replyWords, type Language } from '../i18n/index';
import {
  TOURNAMENT_FORMATS,
  type TournamentEntrant,
  type TournamentFormat,
  type TournamentPlan,
} from '../service/tournament-plan';
import type { BotContext } from './context';
import { gameTitle, levelName } from './game-words';
import { userRefusal } from './respond';
import { describe, StandingsFeed } from './tournament-feed';
import {
  formatText,
  gameListPayloads,
  resultsPayload,
  standingsPayload,
  type TournamentWords,
} from './tournament-views';

const DEFAULT_GAMES_PER_PAIRING = 2;
/** Round robin by default up to this many entrants, Swiss above. */
const ROUND_ROBIN_UP_TO = 6;

interface Choice {
  /** The names it is known by (lower case): its name in every language, and a level's key. */
  keys: string[];
  /** Its name in the tournament's language. */
  name: string;
  entrant: (name: string) => TournamentEntrant;
}

/** Everyone who may enter: the game's levels (by their names in every language) and the connected programs. */
function choices(context: BotContext, module: AnyGameModule, guildId: string, language: Language): Choice[] {
  const levels = module.computer.levels.map((level): Choice => ({
    keys: [level, ...LANGUAGES.map((other) => levelName(module, level, other))].map((key) =>
      key.toLowerCase(),
    ),
    name: entrantName(module, level, language),
    entrant: (name) => ({ kind: 'builtin', level, name }),
  }));
  const programs = context.service.connectedPrograms(guildId).map((program): Choice => ({
    keys: [program.name.toLowerCase()],
    name: program.name,
    entrant: (name) => ({ kind: 'program', tokenId: program.tokenId, name }),
  }));
  // A program named like a level is found first: its owner chose the name on purpose.
  return [...programs, ...levels];
}

/** A level as an entrant is called: its name, capitalised ("Novice", "Anfänger", "Débutant"). */
function entrantName(module: AnyGameModule, level: string, language: Language): string {
  const name = levelName(module, level, language);
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

function splitNames(typed: string): string[] {
  return typed
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Names given twice or more get numbers ("Novice 1", "Novice 2"), so every line of the table says whose it is. */
function numbered(entrants: TournamentEntrant[]): TournamentEntrant[] {
  const counts = new Map<string, number>();
  for (const entrant of entrants) counts.set(entrant.name, (counts.get(entrant.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return entrants.map((entrant) => {
    if (counts.get(entrant.name)! < 2) return entrant;
    const number = (seen.get(entrant.name) ?? 0) + 1;
    seen.set(entrant.name, number);
    return { ...entrant, name: `${entrant.name} ${number}` };
  });
}

/**
 * The entrants typed (names separated by commas), or by default every level and every connected program (the
 * default level twice when that makes fewer than two, as in Candy Land, whose computers have no levels).
 */
function entrantsOf(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
  guildId: string,
  language: Language,
): TournamentEntrant[] {
  const known = choices(context, module, guildId, language);
  const typed = splitNames(interaction.options.getString('entrants') ?? '');
  if (typed.length === 0) {
    const everyone = known.map((choice) => choice.entrant(choice.name));
    const level = context.defaultComputerLevel(module);
    const name = entrantName(module, level, language);
    const more = Array.from({ length: Math.max(0, 2 - everyone.length) }, () => ({
      kind: 'builtin',
      level,
      name,
    }));
    return numbered([...everyone, ...(more as TournamentEntrant[])]);
  }
  return numbered(
    typed.map((name) => {
      const found = known.find((choice) => choice.keys.includes(name.toLowerCase()));
      if (found) return found.entrant(found.name);
      throw userRefusal('tournament.bot.unknownEntrant', (reader) => ({
        name: name.slice(0, 60),
        known: choices(context, module, guildId, reader)
          .map((choice) => choice.name)
          .join(', '),
      }));
    }),
  );
}

function formatOf(interaction: ChatInputCommandInteraction, entrants: number): TournamentFormat {
  const given = interaction.options.getString('format');
  const format = TOURNAMENT_FORMATS.find((candidate) => candidate === given);
  return format ?? (entrants <= ROUND_ROBIN_UP_TO ? 'round-robin' : 'swiss');
}

/** Refusals that need no request to Discord: who may start one, and where. */
function requireManagerInTextChannel(interaction: ChatInputCommandInteraction): void {
  if (!interaction.guildId) throw userRefusal('bot.serverChannels');
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw userRefusal('tournament.bot.manager');
  if (interaction.channel?.type !== ChannelType.GuildText) throw userRefusal('tournament.bot.textChannel');
  const needed = [PermissionFlagsBits.CreatePublicThreads, PermissionFlagsBits.SendMessagesInThreads];
  if (!interaction.appPermissions.has(needed)) throw userRefusal('tournament.bot.noThreads');
}

export async function startTournament(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<void> {
  requireManagerInTextChannel(interaction);
  const guildId = interaction.guildId!;
  const channel = interaction.channel;
  if (channel?.type !== ChannelType.GuildText) throw userRefusal('tournament.bot.textChannel');
  // The thread is read by the whole server: in the server's language.
  const language = languageOfLocale(interaction.guildLocale);
  const entrants = entrantsOf(interaction, context, module, guildId, language);
  const plan: TournamentPlan = {
    guildId,
    channelId: channel.id,
    host: { id: interaction.user.id, name: interaction.user.displayName },
    game: module.key,
    entrants,
    format: formatOf(interaction, entrants.length),
    gamesPerPairing: interaction.options.getInteger('games') ?? DEFAULT_GAMES_PER_PAIRING,
    language,
  };
  const tournaments = context.service.tournaments;
  tournaments.check(plan);
  await interaction.deferReply();
  const words: TournamentWords = { module, language };
  const t = messageWords(language);
  const title = gameTitle(module, language);
  const thread = await channel.threads.create({
    name: t('tournament.threadName', { title }).slice(0, 100),
    type: ChannelType.PublicThread,
    autoArchiveDuration: ThreadAutoArchiveDuration.OneDay,
  });
  const feed = new StandingsFeed(words, context);
  const { tournament, done } = tournaments.start({ ...plan, channelId: thread.id }, (progress) =>
    feed.offer(progress),
  );
  await feed.open(await thread.send(standingsPayload(words, tournament.progress())));
  const size = tournament.progress();
  await interaction.editReply({
    content: t('tournament.announce', {
      host: `<@${interaction.user.id}>`,
      title,
      entrants: entrants.map((entrant) => entrant.name).join(', '),
      format: formatText(words, plan.format, size.rounds),
      games: size.total,
      thread: `<#${thread.id}>`,
    }),
    allowedMentions: { parse: [] },
  });
  void done
    .then(async (final) => {
      if (tournament.failure)
        context.logger.warn(`tournament ${tournament.id} stopped`, describe(tournament.failure), { guildId });
      await feed.finish(final);
      await thread.send(await resultsPayload(words, final, context.renderer));
      for (const payload of gameListPayloads(words, final)) await thread.send(payload);
    })
    // The thread deleted (its games are cancelled with it) or closed to the bot: nothing more to show.
    .catch((error: unknown) =>
      context.logger.warn(`tournament ${tournament.id}: could not post its results`, describe(error), {
        guildId,
      }),
    );
}

/** Suggestions for the entrants: what was typed, completed by each name not in the list yet. */
export async function tournamentAutocomplete(
  interaction: AutocompleteInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<void> {
  const language = languageOfLocale(interaction.locale);
  const typed = String(interaction.options.getFocused()).slice(0, 300);
  const names = typed.split(/[,;]/);
  const last = names.pop()!.trim().toLowerCase();
  const kept = names.map((name) => name.trim()).filter((name) => name !== '');
  const known = interaction.guildId ? choices(context, module, interaction.guildId, language) : [];
  const offered = known
    .filter((choice) => choice.keys.some((key) => key.startsWith(last)))
    .map((choice) => [...kept, choice.name].join(', '));
  const all = known.map((choice) => choice.name).join(', ');
  const suggestions = [...new Set(last === '' && kept.length === 0 ? [all, ...offered] : offered)]
    .filter((value) => value.length <= 100)
    .slice(0, 25)
    .map((value) => ({ name: value, value }));
  try {
    await interaction.respond(
      suggestions.length > 0
        ? suggestions
        : [{ name: replyWords(language)('suggest.none').slice(0, 100), value: typed.slice(0, 100) || '-' }],
    );
  } catch (error) {
    context.logger.debug('autocomplete answer failed', error instanceof Error ? error.message : error);
  }
}
