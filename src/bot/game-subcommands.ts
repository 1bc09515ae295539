/** A game's own play commands (a move typed as a slash command) and its tools (simulations). */
import { AttachmentBuilder } from 'discord.js';
import type { PlayCommand, ToolCommand } from '../games/contract';
import { stepLines } from '../service/index';
import { givenValues, runningGame, type Handler } from './channel-game';
import { fitAltText } from './image-descriptions';
import { languageOfLocale, replyWords } from '../i18n/index';
import { checkedValues, playCommandAction } from './play-command';
import { deferOnce, replyPrivately } from './respond';

export function playHandler(play: PlayCommand<unknown, unknown>): Handler {
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

export function toolHandler(tool: ToolCommand): Handler {
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
