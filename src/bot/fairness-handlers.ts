/**
 * Checking a game's fairness (docs/fairness.md): `/<game> verify [game]` and the **Download log** button, both
 * answered privately; the log is a JSON file `npm run verify -- --game <key> --log FILE` checks offline.
 */
import { gameTitle } from './game-words';
import {
  AttachmentBuilder,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { slashCommand } from '../games/index';
import { gameLogFileName, isServiceError } from '../service/index';
import type { GameInfo } from '../service/index';
import type { BotContext } from './context';
import { userRefusal } from './respond';
import { languageOfLocale, replyWords, type Language } from '../i18n/index';

/** The game's log as a JSON attachment. */
async function logFile(context: BotContext, game: GameInfo, language: Language): Promise<AttachmentBuilder> {
  const log = await context.service.gameLog(game.id);
  return new AttachmentBuilder(Buffer.from(`${JSON.stringify(log, null, 1)}\n`, 'utf8'), {
    name: gameLogFileName(game),
    description: replyWords(language)('confirm.logFile', {
      game: gameTitle(context.service.games.require(game.gameKey), language),
      id: game.id,
    }),
  });
}

function howToCheck(module: AnyGameModule, game: GameInfo, language: Language): string {
  return replyWords(language)('confirm.howToCheck', { game: module.key, file: gameLogFileName(game) });
}

/** The Download log button under a finished game's summary (in the channel or the history). */
export async function sendGameLog(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameInfo,
): Promise<void> {
  const language = languageOfLocale(interaction.locale);
  const intro = replyWords(language)('confirm.gameLog', { title: gameTitle(module, language), id: game.id });
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: `${intro} ${howToCheck(module, game, language)}`,
    files: [await logFile(context, game, language)],
    allowedMentions: { parse: [] },
  });
}

/** The game `/verify` is about: the one named, else this channel's latest game of this kind. */
async function gameToVerify(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<GameInfo> {
  const id = interaction.options.getString('game')?.trim();
  const game = id
    ? await context.service.getGame(id)
    : interaction.channelId
      ? await context.service.latestGameInChannel(interaction.channelId, module.key)
      : null;
  if (!game || game.gameKey !== module.key || game.guildId !== interaction.guildId) {
    throw id
      ? userRefusal('bot.noSuchGame', (language) => ({ title: gameTitle(module, language), id }))
      : userRefusal('bot.noGameYet', (language) => ({ title: gameTitle(module, language) }));
  }
  if (game.status !== 'finished') {
    throw userRefusal('bot.verifyNotOver', (language) => ({
      id: game.id,
      game: slashCommand(module, language, 'verify'),
    }));
  }
  return game;
}

/** `/<game> verify [game]`: the commitment, the seed and the replay of a finished game, privately. */
export async function verifyCommand(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<void> {
  const game = await gameToVerify(interaction, context, module);
  const language = languageOfLocale(interaction.locale);
  const t = replyWords(language);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  try {
    const check = await context.service.verifyGame(game.id, language);
    await interaction.editReply({
      content: [
        t('confirm.verifyTitle', { title: gameTitle(module, language), id: game.id }),
        ...check.lines,
        howToCheck(module, game, language),
      ]
        .join('\n')
        .slice(0, 2000),
      files: [await logFile(context, game, language)],
      allowedMentions: { parse: [] },
    });
  } catch (error) {
    if (!isServiceError(error, 'log_removed')) throw error;
    await interaction.editReply({
      content: t('bot.verifyLogRemoved', { id: game.id, reason: error.textIn(language) }),
    });
  }
}
