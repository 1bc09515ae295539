/**
 * Looking back at finished games: `/<game> history`, its pages and menu, the summary's Rematch and Replay
 * buttons, and the replay's steps. Everything is rebuilt from the database on each click (no collectors), so
 * these controls keep working after a restart.
 */
import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { GameInfo } from '../service/index';
import type { BotContext } from './context';
import { replyWithLobby } from './lobby-reply';
import { finishedButtons, historyPayload, replayPayload, type HistoryTarget } from './archive-views';
import { requireFinishedGameHere, requireServer } from './preconditions';
import { userRefusal } from './respond';
import { languageOfLocale } from '../i18n/index';
import type { FinishedButton } from './custom-ids';
import { sendGameLog } from './fairness-handlers';
import { summaryPayload } from './views';

/** A finished game of this server and this game (a forged id cannot show another server's games). */
/** `/<game> history [user]`: the latest finished games, privately, ten to a page. */
export async function showHistory(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<void> {
  const guildId = requireServer(interaction, 'bot.gamesPerServer');
  const user = interaction.options.getUser('user');
  const target: HistoryTarget = { userId: user?.id ?? null, name: user?.displayName ?? null };
  const page = await context.service.historyPage({
    guildId,
    gameKey: module.key,
    userId: target.userId,
    page: 0,
  });
  await interaction.reply({
    ...historyPayload(module, page, target, languageOfLocale(interaction.locale)),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** Another page of the history, in the same private message. */
export async function turnHistoryPage(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  userId: string | null,
  page: number,
): Promise<void> {
  const guildId = requireServer(interaction, 'bot.gamesPerServer');
  const found = await context.service.historyPage({ guildId, gameKey: module.key, userId, page });
  const name = userId ? (found.entries[0]?.game.seats.find((s) => s.userId === userId)?.name ?? null) : null;
  await interaction.update({
    ...historyPayload(module, found, { userId, name }, languageOfLocale(interaction.locale)),
    allowedMentions: { parse: [] },
  });
}

/** The summary of the game chosen in the history, drawn again from its log, privately. */
export async function showHistorySummary(
  interaction: StringSelectMenuInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<void> {
  const game = await requireFinishedGameHere(context, module, interaction, interaction.values[0] ?? '');
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const view = await context.service.finishedGame(game.id);
  // Privately, in the reader's language.
  const language = languageOfLocale(interaction.locale);
  const payload = await summaryPayload(
    module,
    view.game,
    view.game.state,
    view.placings,
    context.renderer,
    language,
  );
  await interaction.editReply({
    ...payload,
    components: finishedButtons(module, game.id, ['replay', 'log'], language),
    allowedMentions: { parse: [] },
  });
}

/** Rematch: a new lobby in the game's own channel, answered with the lobby message itself. */
async function rematch(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameInfo,
): Promise<void> {
  if (interaction.channelId !== game.channelId) throw userRefusal('bot.rematchChannel');
  const lobby = await context.service.rematch(game.id, {
    id: interaction.user.id,
    name: interaction.user.displayName,
  });
  await replyWithLobby(interaction, context, module, lobby);
}

/** The first step of a replay, privately (only the one who asked sees it; no flood in the channel). */
async function startReplay(
  interaction: MessageComponentInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameInfo,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const language = languageOfLocale(interaction.locale);
  const frame = await context.service.replayFrame(game.id, 0, language);
  await interaction.editReply({ ...(await replayPayload(module, frame, context.renderer, language)) });
}

export async function pressFinishedButton(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  button: FinishedButton,
  gameId: string,
): Promise<void> {
  const game = await requireFinishedGameHere(context, module, interaction, gameId);
  if (button === 'rematch') return rematch(interaction, context, module, game);
  if (button === 'log') return sendGameLog(interaction, context, module, game);
  return startReplay(interaction, context, module, game);
}

/** Another step of a replay, drawn into the same private message. */
export async function stepReplay(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  gameId: string,
  step: number,
): Promise<void> {
  const game = await requireFinishedGameHere(context, module, interaction, gameId);
  await interaction.deferUpdate();
  const language = languageOfLocale(interaction.locale);
  const frame = await context.service.replayFrame(game.id, step, language);
  const payload = await replayPayload(module, frame, context.renderer, language);
  await interaction.editReply({ ...payload, attachments: [] });
}
