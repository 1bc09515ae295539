/** The live board's message (image, latest lines, controls, result) and a seat's private board image. */
import { AttachmentBuilder, EmbedBuilder, type APIEmbed } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { unnamedSeat } from '../games/draw/image-words';
import { messageWords, type Language } from '../i18n/index';
import { seatView, textContext, type GameInfo, type Placing, type PublicView } from '../service/index';
import type { Renderer, RenderOptions } from '../workers/render-pool';
import { boardComponents } from './controls';
import { commitmentFooter } from './fairness-views';
import { footerHint, gameTitle, languageOf } from './game-words';
import { boardAltText } from './image-descriptions';
import {
  colorOf,
  EMBED_LIMITS,
  endingOf,
  footerParts,
  GREY,
  heading,
  optionsSummary,
  placingsText,
  seatViews,
  type MessagePayload,
} from './message-parts';

export interface BoardView {
  module: AnyGameModule;
  game: GameInfo;
  state: PublicView;
  /** The public events since the board before (a PublicUpdate's events). */
  recentEvents: readonly unknown[];
  recentLines: readonly string[];
  placings: readonly Placing[] | null;
}

function boardTitle(view: BoardView, language: Language): string {
  const { module, game, state } = view;
  const t = messageWords(language);
  const title = gameTitle(module, language);
  const current = module.rules.currentSeat(state);
  if (module.rules.isOver(state) || game.status !== 'active' || current === null) {
    const options = optionsSummary(module, game, language);
    return options ? t('board.gameOverOptions', { title, options }) : t('board.gameOver', { title });
  }
  const ctx = textContext(game, null, false, language);
  if (module.texts.boardTitle) return module.texts.boardTitle(state, ctx);
  const name = ctx.names[current] ?? unnamedSeat(current, language);
  return heading(module, t('board.toPlay', { title, name }));
}

/**
 * The live board: image, the latest log lines, and the controls of the human to act (`render`: where its image
 * goes in the render pool, e.g. first when it answers a person's click).
 */
export async function boardPayload(
  view: BoardView,
  renderer: Renderer,
  render?: RenderOptions,
): Promise<MessagePayload> {
  const { module, game, state } = view;
  const language = languageOf(game);
  const t = messageWords(language);
  const image = await renderer.board(
    module.key,
    { state, seats: seatViews(game), recentEvents: view.recentEvents, viewerSeat: null, language },
    render,
  );
  const log = view.recentLines.length > 0 ? view.recentLines.map((l) => `• ${l}`).join('\n') : t('board.on');
  const current = module.rules.currentSeat(state);
  const live = game.status === 'active' && !module.rules.isOver(state);
  // A finished or stopped game's board keeps no live-game hint.
  const hintText = live ? footerHint(module, language) : undefined;
  const hint = hintText ? ` · ${hintText}` : '';
  const footer = `${footerParts(t('gameVersion', { id: game.id, version: game.version }), commitmentFooter(game))}${hint}`;
  const data: APIEmbed = {
    color: current === null ? GREY : colorOf(current),
    title: boardTitle(view, language).slice(0, EMBED_LIMITS.title),
    description: log.slice(-3900),
    image: { url: 'attachment://board.png' },
    footer: { text: footer.slice(0, EMBED_LIMITS.footer) },
  };
  if (view.placings) {
    const ending = endingOf(module, game, state);
    const names = {
      won: t('board.result'),
      stopped: t('board.standingsStopped'),
      forfeit: t('board.standingsForfeit'),
      'turn-limit': t('board.standingsTurnLimit'),
    };
    const medals = ending === 'won' || ending === 'forfeit';
    const value = placingsText(view.placings, language, medals).slice(0, EMBED_LIMITS.fieldValue);
    data.fields = [{ name: names[ending], value }];
  }
  // Built from its data, within Discord's limits: the builder's setters validate each value through a schema
  // library that built an error object for every union it tried (3% of a busy bot's main thread).
  const embed = new EmbedBuilder(data);
  return {
    embeds: [embed],
    components: boardComponents(module, game, state),
    files: [
      new AttachmentBuilder(image, {
        name: 'board.png',
        description: boardAltText(view),
      }),
    ],
  };
}

/** The private board of one seat (its secrets shown), or the public one for a watcher (seat -1). */
export async function privateBoardFile(
  module: AnyGameModule,
  game: GameInfo,
  state: PublicView,
  seat: number,
  renderer: Renderer,
  language: Language = languageOf(game),
): Promise<AttachmentBuilder> {
  const viewerSeat = seat >= 0 ? seat : null;
  const image = await renderer.board(module.key, {
    state: viewerSeat === null ? state : seatView(state, viewerSeat),
    seats: seatViews(game),
    recentEvents: [],
    viewerSeat,
    language,
  });
  const description = boardAltText({ module, game, state, recentLines: [], placings: null, language });
  return new AttachmentBuilder(image, { name: 'hand.png', description });
}
