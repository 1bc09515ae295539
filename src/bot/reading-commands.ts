/** The private reading subcommands of a running game: status, hand, the latest moves and the rules. */
import { seatView, textContext, type GameInfo } from '../service/index';
import { runningGame, messageLink, type Handler } from './channel-game';
import { withBoardLabels } from './board-labels';
import { gameTitle, languageOf } from './game-words';
import { languageOfLocale, replyWords, type Language } from '../i18n/index';
import { ownSeat } from './play-command';
import { replyPrivately, replyPrivatelyWithImage, sentenceRefusal, userRefusal } from './respond';
import { privateBoardFile } from './views';

/** The texts' context of a private answer: the reader's seat, in the reader's language. */
function readerContext(game: GameInfo, viewer: number | null, language: Language) {
  return { ...textContext(game, viewer), language };
}

export const status: Handler = async (interaction, context, module) => {
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

export const hand: Handler = async (interaction, context, module) => {
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
export const log: Handler = async (interaction, context, module) => {
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

export const rules: Handler = async (interaction, context, module) => {
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
