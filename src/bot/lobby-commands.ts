/** The subcommands of a lobby's life: start one, join it, leave it or the game, end either. */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { startOptionSpecs } from '../games/options';
import { endedLine, sentence, type GameInfo, type GameSpeed } from '../service/index';
import { channelBusy, channelGame, givenValues, type Handler } from './channel-game';
import type { BotContext } from './context';
import { levelName, languageOf, ownSeatNoun } from './game-words';
import { isLanguage, languageOfLocale, replyWords } from '../i18n/index';
import { cancelledLobbyText } from './lobby-expiry-notes';
import { replyWithLobby } from './lobby-reply';
import { checkedValues } from './play-command';
import { requireLobby, requireServer } from './preconditions';
import { deferOnce, replyPrivately } from './respond';
import { seatRecordFor, typedClientSeed } from './seat-record';
import { startRefusal } from './start-check';
import { closedLobbyPayload, lobbyPayload, withArticle } from './views';

export const start: Handler = async (interaction, context, module) => {
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

export const leave: Handler = async (interaction, context, module) => {
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
    if (game.status !== 'lobby') await context.service.outbox.settle(game.id);
  } catch (error) {
    // Left for the next start to redraw from the database.
    context.logger.debug('could not refresh the lobby', error instanceof Error ? error.message : error);
  }
}

/**
 * Takes a seat in the channel's lobby with the value typed (or one drawn), or changes a seated person's value;
 * the answer is their private record of the commitment and their value (docs/fairness.md).
 */
export const join: Handler = async (interaction, context, module) => {
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

export const end: Handler = async (interaction, context, module) => {
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
