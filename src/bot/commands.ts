/** The handlers of a game's slash command: the platform's subcommands, the game's play commands and tools. */
import {
  AttachmentBuilder,
  PermissionFlagsBits,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyGameModule, OptionSpec, PlayCommand, ToolCommand } from '../games/contract';
import { commandWords, slashCommand, type PlatformSubcommand } from '../games/index';
import { startOptionSpecs } from '../games/options';
import { endedLine, seatView, sentence, stepLines, textContext } from '../service/index';
import {
  conservativeRating,
  INITIAL_RATING,
  type GameInfo,
  type GameSpeed,
  type RatingPoint,
} from '../service/index';
import { showHistory } from './archive-handlers';
import { verifyCommand } from './fairness-handlers';
import { fitAltText } from './image-descriptions';
import { ratingChartFile } from './archive-views';
import type { BotContext } from './context';
import { replyWithLobby } from './lobby-reply';
import {
  checkedValues,
  ownSeat,
  hintValue,
  playCommandAction,
  type GivenValues,
  type RunningGame,
} from './play-command';
import { startRefusal } from './start-check';
import { requireLobby, requireServer, requireSimulationAllowance } from './preconditions';
import { startTournament, tournamentAutocomplete } from './tournament';
import {
  answerSafely,
  deferOnce,
  replyPrivately,
  replyPrivatelyWithImage,
  sentenceRefusal,
  UserFacingError,
  userRefusal,
} from './respond';
import { closedLobbyPayload, lobbyPayload, privateBoardFile, withArticle } from './views';
import { leaderboardEmbed, statsEmbed } from './stats-views';
import { isLanguage, languageOfLocale, replyWords, type Language } from '../i18n/index';
import { gameTitle, languageOf, levelName, ownSeatNoun } from './game-words';
import { withBoardLabels } from './board-labels';
import { cancelledLobbyText } from './lobby-expiry-notes';
import { seatRecordFor, typedClientSeed } from './seat-record';

type Handler = (
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
) => Promise<void>;

/** The options of `specs` the interaction carries, as Discord gave them. */
function givenValues(interaction: ChatInputCommandInteraction, specs: readonly OptionSpec[]): GivenValues {
  return Object.fromEntries(specs.map((spec) => [spec.name, interaction.options.get(spec.name)?.value]));
}

/** The open game of the channel, refused when it is another game than the command's. */
async function channelGame(
  interaction: { channelId: string | null },
  context: BotContext,
  module: AnyGameModule,
): Promise<GameInfo> {
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  if (!game)
    throw userRefusal('bot.noGameHere', (language) => ({ game: slashCommand(module, language, 'start') }));
  if (game.gameKey !== module.key) {
    const other = context.service.games.get(game.gameKey);
    throw userRefusal('bot.otherGame', (language) => ({
      title: other ? gameTitle(other, language) : game.gameKey,
      game: other ? slashCommand(other, language) : `/${game.gameKey}`,
    }));
  }
  return game;
}

/** The link to the game's lobby or board message, when it is known. */
function messageLink(game: GameInfo): string | null {
  return game.boardMessageId
    ? `https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`
    : null;
}

async function runningGame(
  interaction: { channelId: string | null },
  context: BotContext,
  module: AnyGameModule,
): Promise<RunningGame> {
  const game = await channelGame(interaction, context, module);
  if (game.status !== 'active' || game.state === null) {
    const link = messageLink(game);
    throw link ? userRefusal('bot.notStartedLink', { link }) : userRefusal('bot.notStartedAbove');
  }
  return game as RunningGame;
}

/** Why no lobby opens: the channel's open game, with a link to its lobby or board (not to another command). */
function channelBusy(context: BotContext, game: GameInfo): UserFacingError {
  const module = context.service.games.get(game.gameKey);
  const link = messageLink(game) ?? '';
  const values = (language: Language) => ({
    title: module ? gameTitle(module, language) : game.gameKey,
    link,
    game: module ? slashCommand(module, language, 'end') : `/${game.gameKey} end`,
  });
  if (game.status === 'lobby') return userRefusal(link ? 'bot.busyLobbyLink' : 'bot.busyLobbyAbove', values);
  return userRefusal(link ? 'bot.busyGameLink' : 'bot.busyGame', values);
}

const start: Handler = async (interaction, context, module) => {
  const clientSeed = typedClientSeed(interaction);
  const refusal = await startRefusal(interaction, {
    // Asked before each request to Discord: privately when the answer may be a refusal, publicly before joining
    // the thread the lobby is then posted in.
    beforeLookup: () => deferOnce(interaction, true),
    beforeJoin: () => deferOnce(interaction, false),
  });
  if (refusal) throw refusal;
  const guildId = requireServer(interaction, 'bot.serverChannels');
  const open = await context.service.findActiveGameInChannel(interaction.channelId);
  if (open) throw channelBusy(context, open);
  const specs = startOptionSpecs(module);
  const values = checkedValues(specs, givenValues(interaction, specs), languageOfLocale(interaction.locale), {
    module,
    subcommand: 'start',
  });
  const own: Record<string, string | number> = {};
  for (const spec of module.options) {
    const value = values[spec.name];
    if (value !== undefined && spec.type !== 'text') own[spec.key ?? spec.name] = value as string | number;
  }
  const level = (values['computer-level'] as string | undefined) ?? context.defaultComputerLevel(module);
  const game = await context.service.openLobby({
    game: module.key,
    guildId,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: interaction.user.displayName },
    options: own,
    seats: values.seats as number | undefined,
    computerLevel: level,
    speed: values.speed as GameSpeed | undefined,
    turnLimit: (values['turn-limit'] as number | undefined) ?? null,
    ...(typeof values['program-time'] === 'number' ? { programMoveMs: values['program-time'] * 1000 } : {}),
    // The game's public messages: the host's choice, else the server's language.
    language: isLanguage(values.language) ? values.language : languageOfLocale(interaction.guildLocale),
    ...(clientSeed === undefined ? {} : { clientSeed }),
  });
  await replyWithLobby(interaction, context, module, game);
};

function playHandler(play: PlayCommand<unknown, unknown>): Handler {
  return async (interaction, context, module) => {
    const game = await runningGame(interaction, context, module);
    const language = languageOfLocale(interaction.locale);
    const action = playCommandAction(
      module,
      play,
      game,
      interaction.user.id,
      givenValues(interaction, play.options),
      language,
    );
    // The private answer goes below the board before the move is shown: the board, posted again at the bottom
    // for a player with a private reply under it, then comes after it (see BuriedBoardWatch).
    await deferOnce(interaction, true);
    const takeBack = context.notePrivateReply(interaction);
    const update = await context.service
      .act(game.id, interaction.user.id, action, game.version)
      .catch((error: unknown) => {
        takeBack();
        throw error;
      });
    // The move's lines in the reader's language (the board says them in the game's).
    const said =
      update.action && update.seat !== null && language !== game.options.language
        ? stepLines(
            module,
            update.game,
            update.state,
            update.events,
            {
              actor: interaction.user.id,
              seat: update.seat,
              action: update.action,
            },
            { language },
          )
        : update.lines;
    // One short line (the move itself): the board shows the rest.
    await replyPrivately(interaction, shortLine(said[0] ?? replyWords(language)('confirm.done')));
  };
}

/** The longest private answer to a typed move. */
const SHORT_LINE = 160;

function shortLine(line: string): string {
  const one = line.replace(/\s*\n\s*/g, ' ');
  return one.length > SHORT_LINE ? `${one.slice(0, SHORT_LINE - 1)}…` : one;
}

function toolHandler(tool: ToolCommand): Handler {
  return async (interaction, context, module) => {
    const language = languageOfLocale(interaction.locale);
    const values = checkedValues(tool.options, givenValues(interaction, tool.options), language, {
      module,
      subcommand: tool.name,
    });
    await interaction.deferReply();
    const answer = await context.tools.runTool(module.key, tool.name, values);
    const files =
      answer.image === null
        ? []
        : [
            new AttachmentBuilder(await context.renderer.tool(module.key, answer.image), {
              name: `${tool.name}.png`,
              // The answer's text states what the picture shows.
              description: fitAltText([`${module.title} ${tool.name}`, answer.text]),
            }),
          ];
    await interaction.editReply({
      content: answer.text.slice(0, 2000),
      files,
      allowedMentions: { parse: [] },
    });
  };
}

/** The texts' context of a private answer: the reader's seat, in the reader's language. */
function readerContext(game: GameInfo, viewer: number | null, language: Language) {
  return { ...textContext(game, viewer), language };
}

const status: Handler = async (interaction, context, module) => {
  const game = await runningGame(interaction, context, module);
  const seat = ownSeat(game, interaction.user.id);
  const language = languageOfLocale(interaction.locale);
  const t = replyWords(language);
  const board = messageLink(game);
  const link = board ? ` ${t('confirm.liveBoard', { link: board })}` : '';
  const viewer = seat?.index ?? null;
  const lines = module.texts.status(
    viewer === null ? game.state : seatView(game.state, viewer),
    readerContext(game, viewer, language),
  );
  const paused = context.postingPaused(game.id, language);
  const pausedNote = paused ? `\n${t('confirm.paused', { reason: paused })}` : '';
  await replyPrivatelyWithImage(interaction, `${lines.join('\n')}${link}${pausedNote}`, () =>
    privateBoardFile(module, game, game.state, seat?.index ?? -1, context.renderer, language),
  );
};

const hand: Handler = async (interaction, context, module) => {
  const game = await runningGame(interaction, context, module);
  const seat = ownSeat(game, interaction.user.id);
  if (!seat) throw sentenceRefusal('refusal.notSeated');
  const language = languageOfLocale(interaction.locale);
  await replyPrivatelyWithImage(
    interaction,
    withBoardLabels(
      module,
      module.texts.hand(
        seatView(game.state, seat.index),
        seat.index,
        readerContext(game, seat.index, language),
      ),
      language,
      languageOf(game),
    ),
    () => privateBoardFile(module, game, game.state, seat.index, context.renderer, language),
  );
};

/** The latest moves of the channel's game, or of its last game of this kind once that is over. */
const log: Handler = async (interaction, context, module) => {
  const open = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  const game =
    open && open.status === 'active'
      ? await runningGame(interaction, context, module)
      : interaction.channelId
        ? await context.service.latestGameInChannel(interaction.channelId, module.key)
        : null;
  if (!game || game.state === null)
    throw userRefusal('bot.noGameYet', (language) => ({ title: gameTitle(module, language) }));
  const language = languageOfLocale(interaction.locale);
  const lines = (await context.service.history(game.id, 12, { language })).flatMap((entry) => entry.lines);
  await replyPrivately(
    interaction,
    lines.length > 0
      ? lines
          .slice(-20)
          .map((l) => `• ${l}`)
          .join('\n')
          .slice(-1900)
      : replyWords(language)('confirm.nothingYet'),
  );
};

const rules: Handler = async (interaction, context, module) => {
  const open = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  const options = open?.gameKey === module.key ? open.options.game : {};
  // A private answer: in the reader's own language (English for one the bot does not have).
  const language = languageOfLocale(interaction.locale);
  const text =
    typeof module.texts.rules === 'string' ? module.texts.rules : module.texts.rules(options, language);
  // The buttons it names are quoted as the running game's board draws them (in the game's language).
  const quoted =
    open?.gameKey === module.key ? withBoardLabels(module, text, language, languageOf(open)) : text;
  await replyPrivately(interaction, quoted.slice(0, 2000));
};

const leave: Handler = async (interaction, context, module) => {
  const game = await channelGame(interaction, context, module);
  const language = languageOfLocale(interaction.locale);
  const t = replyWords(language);
  if (game.status === 'lobby') {
    const updated = await context.service.leave(game.id, interaction.user.id);
    await replyPrivately(interaction, t('confirm.leftLobby'));
    await refreshLobby(interaction, context, module, updated);
    return;
  }
  await context.service.leaveGame(game.id, interaction.user.id);
  const level = game.options.computerLevel;
  await replyPrivately(
    interaction,
    t('confirm.leftGame', {
      level: language === 'en' ? withArticle(level) : levelName(module, level, language),
      seat: ownSeatNoun(module, language) ?? t('confirm.seat'),
    }),
  );
};

async function refreshLobby(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameInfo,
): Promise<void> {
  if (!game.boardMessageId || !interaction.channel) return;
  const payload =
    game.status === 'lobby'
      ? lobbyPayload(module, game)
      : closedLobbyPayload(module, game, cancelledLobbyText(game, interaction.user.id));
  try {
    // Through the lobby's `/start` token while it lives (outside the global rate limit), else the channel.
    if (!(await context.editThroughToken(game.id, game.boardMessageId, payload)))
      await interaction.channel.messages.edit(game.boardMessageId, payload);
    if (game.status !== 'lobby') await context.service.messages.settle(game.id);
  } catch (error) {
    // Left for the next start to redraw from the database.
    context.logger.debug('could not refresh the lobby', error instanceof Error ? error.message : error);
  }
}

/**
 * Takes a seat in the channel's lobby with the value typed (or one drawn), or changes a seated person's value;
 * the answer is their private record of the commitment and their value (docs/fairness.md).
 */
const join: Handler = async (interaction, context, module) => {
  const clientSeed = typedClientSeed(interaction);
  const game = await channelGame(interaction, context, module);
  requireLobby(game);
  const seated = game.seats.some((seat) => seat.userId === interaction.user.id);
  const user = { id: interaction.user.id, name: interaction.user.displayName };
  const updated = await context.service.join(game.id, user, clientSeed);
  const record = seatRecordFor(interaction, module, updated, seated);
  await replyPrivately(
    interaction,
    record ?? replyWords(languageOfLocale(interaction.locale))('confirm.done'),
  );
  await refreshLobby(interaction, context, module, updated);
};

const end: Handler = async (interaction, context, module) => {
  const game = await channelGame(interaction, context, module);
  const moderator = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  if (game.status === 'lobby') {
    const cancelled = await context.service.cancel(game.id, interaction.user.id, {
      moderator,
      name: interaction.user.displayName,
    });
    await replyPrivately(
      interaction,
      replyWords(languageOfLocale(interaction.locale))('confirm.lobbyCancelled'),
    );
    await refreshLobby(interaction, context, module, cancelled);
    return;
  }
  const ended = await context.service.endGame(game.id, interaction.user.id, {
    moderator,
    name: interaction.user.displayName,
  });
  await interaction.reply({
    content: sentence(endedLine(ended.game.forfeit === true, `<@${interaction.user.id}>`, languageOf(game))),
    allowedMentions: { parse: [] },
  });
};

const RATING_CHART_GAMES = 30;

/** The conservative ratings to chart, from the start (rating 0 before the first game) when they all fit. */
function chartedRatings(
  points: readonly RatingPoint[],
  games: number,
): { ratings: number[]; firstGame: number } {
  const ratings = points.map((point) => conservativeRating(point));
  if (games <= points.length)
    return { ratings: [conservativeRating(INITIAL_RATING), ...ratings], firstGame: 0 };
  return { ratings, firstGame: games - points.length + 1 };
}

/**
 * The language of a public answer (stats, leaderboard): the channel's game's when one runs there, else the
 * server's, never the invoker's own (they are read by the whole channel).
 */
async function publicLanguage(
  interaction: { channelId: string | null; guildLocale: string | null },
  context: BotContext,
): Promise<Language> {
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  return game ? languageOf(game) : languageOfLocale(interaction.guildLocale);
}

const stats: Handler = async (interaction, context, module) => {
  const guildId = requireServer(interaction, 'bot.statsPerServer');
  const language = await publicLanguage(interaction, context);
  const user = interaction.options.getUser('user') ?? interaction.user;
  const record = await context.service.stats(guildId, module.key, user.id);
  const rating = await context.service.rating(guildId, module.key, user.id);
  const history = await context.service.ratingHistory(guildId, module.key, user.id, RATING_CHART_GAMES);
  await interaction.deferReply();
  const charted = chartedRatings(history, rating?.games ?? 0);
  const chart = rating
    ? await ratingChartFile(user.displayName, charted.ratings, charted.firstGame, context.renderer, language)
    : null;
  await interaction.editReply({
    embeds: [statsEmbed(module, user.displayName, record, { rating, chart: chart !== null }, language)],
    files: chart ? [chart] : [],
    allowedMentions: { parse: [] },
  });
};

const leaderboard: Handler = async (interaction, context, module) => {
  const guildId = requireServer(interaction, 'bot.statsPerServer');
  const rows = await context.service.ratingLeaderboard(guildId, module.key, 10);
  const language = await publicLanguage(interaction, context);
  await interaction.reply({
    embeds: [leaderboardEmbed(module, rows, language)],
    allowedMentions: { parse: [] },
  });
};

const PLATFORM_HANDLERS: Record<PlatformSubcommand, Handler> = {
  start,
  join,
  status,
  hand,
  log,
  rules,
  leave,
  end,
  stats,
  leaderboard,
  history: showHistory,
  verify: verifyCommand,
  tournament: startTournament,
};

function handlerOf(module: AnyGameModule, name: string): Handler | undefined {
  const play = module.commands.find((command) => command.name === name);
  if (play) return playHandler(play);
  const tool = module.tools?.find((candidate) => candidate.name === name);
  if (tool) return toolHandler(tool);
  return (PLATFORM_HANDLERS as Record<string, Handler | undefined>)[name];
}

export async function handleGameCommand(
  module: AnyGameModule,
  interaction: ChatInputCommandInteraction,
  context: BotContext,
): Promise<void> {
  await answerSafely(interaction, context.logger, async () => {
    const name = interaction.options.getSubcommand();
    const handler = handlerOf(module, name);
    if (!handler) throw userRefusal('bot.unknownSubcommand');
    if (module.tools?.some((tool) => tool.name === name))
      requireSimulationAllowance(context, interaction.user.id);
    await handler(interaction, context, module);
  });
}

/** A suggestion that is only a hint: its value is no choice of the caller's (and none when no value can be). */
const NOT_PLAYABLE = (
  text: string,
  spec: OptionSpec | undefined,
  playable: readonly (string | number)[] = [],
) => {
  const value = hintValue(spec, playable);
  return value === null ? [] : [{ name: text.slice(0, 100), value }];
};

/** Suggestions for a play command's option: the caller's legal choices, filtered by what was typed. */
export async function handleGameAutocomplete(
  module: AnyGameModule,
  interaction: AutocompleteInteraction,
  context: BotContext,
): Promise<void> {
  if (interaction.options.getSubcommand(false) === 'tournament')
    return tournamentAutocomplete(interaction, context, module);
  const t = replyWords(languageOfLocale(interaction.locale));
  const language = languageOfLocale(interaction.locale);
  const focused = interaction.options.getFocused(true);
  const typed = String(focused.value).trim();
  const play = module.commands.find((command) => command.name === interaction.options.getSubcommand(false));
  const spec = play?.options.find((option) => option.name === focused.name);
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  const choices = (() => {
    if (!play?.autocomplete) return NOT_PLAYABLE(t('suggest.none'), spec);
    if (!game || game.gameKey !== module.key || game.status !== 'active' || game.state === null)
      return NOT_PLAYABLE(t('suggest.noGame'), spec);
    const seat = ownSeat(game, interaction.user.id);
    if (!seat) return NOT_PLAYABLE(sentence(t('refusal.notSeated')), spec);
    const current = module.rules.currentSeat(game.state);
    if (current !== seat.index) {
      const player = game.seats[current ?? -1]?.name ?? t('bot.anotherPlayer');
      return NOT_PLAYABLE(sentence(t('refusal.notYourTurn', { player })), spec);
    }
    const view = seatView(game.state, seat.index);
    const found = play.autocomplete(focused.name, typed, view, seat.index, language);
    if (found.length === 0) {
      const playable = play.autocomplete(focused.name, '', view, seat.index, language).map((c) => c.value);
      const words = commandWords(module, language);
      const game = words?.name ?? module.key;
      const hand = words?.subcommands['hand']?.name ?? 'hand';
      return NOT_PLAYABLE(t('suggest.nothingMatches', { game, hand }), spec, playable);
    }
    return found.slice(0, 25).map((choice) => ({ name: choice.name.slice(0, 100), value: choice.value }));
  })();
  try {
    await interaction.respond(choices);
  } catch (error) {
    context.logger.debug('autocomplete answer failed', error instanceof Error ? error.message : error);
  }
}
