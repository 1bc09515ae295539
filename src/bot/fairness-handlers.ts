/**
 * Checking a game's fairness (docs/fairness.md): `/<game> verify [game]` and the **Download log** button, both
 * answered privately; the log is a JSON file `npm run verify -- --game <key> --log FILE` checks offline.
 */
import {
  AttachmentBuilder,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { gameLogFileName, isServiceError } from '../service/index';
import type { GameRecord } from '../store/index';
import type { BotContext } from './context';
import { UserFacingError } from './respond';

/** The game's log as a JSON attachment. */
async function logFile(context: BotContext, game: GameRecord): Promise<AttachmentBuilder> {
  const log = await context.service.gameLog(game.id);
  return new AttachmentBuilder(Buffer.from(`${JSON.stringify(log, null, 1)}\n`, 'utf8'), {
    name: gameLogFileName(game),
    description: `The log of ${game.gameKey} game ${game.id}: seeds, every action and its rolls or cards`,
  });
}

function howToCheck(module: AnyGameModule, game: GameRecord): string {
  return `Check it yourself: \`npm run verify -- --game ${module.key} --log ${gameLogFileName(game)}\` (see docs/fairness.md).`;
}

/** The Download log button under a finished game's summary (in the channel or the history). */
export async function sendGameLog(
  interaction: ButtonInteraction,
  context: BotContext,
  module: AnyGameModule,
  game: GameRecord,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: `The log of ${module.title} game ${game.id}. ${howToCheck(module, game)}`,
    files: [await logFile(context, game)],
    allowedMentions: { parse: [] },
  });
}

/** The game `/verify` is about: the one named, else this channel's latest game of this kind. */
async function gameToVerify(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  module: AnyGameModule,
): Promise<GameRecord> {
  const id = interaction.options.getString('game')?.trim();
  const game = id
    ? await context.service.getGame(id)
    : interaction.channelId
      ? await context.service.latestGameInChannel(interaction.channelId, module.key)
      : null;
  if (!game || game.gameKey !== module.key || game.guildId !== interaction.guildId) {
    throw new UserFacingError(
      id
        ? `There is no ${module.title} game ${id} on this server.`
        : `No ${module.title} game has been played in this channel yet.`,
    );
  }
  if (game.status !== 'finished') {
    throw new UserFacingError(
      `Game ${game.id} is not over yet: its server seed stays secret until the end, then \`/${module.key} verify\` checks it.`,
    );
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
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  try {
    const check = await context.service.verifyGame(game.id);
    await interaction.editReply({
      content: [`**${module.title} game ${game.id}**`, ...check.lines, howToCheck(module, game)]
        .join('\n')
        .slice(0, 2000),
      files: [await logFile(context, game)],
      allowedMentions: { parse: [] },
    });
  } catch (error) {
    if (!isServiceError(error, 'log_removed')) throw error;
    await interaction.editReply({ content: `Game ${game.id}: ${error.message}.` });
  }
}
