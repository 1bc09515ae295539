/** The messages that look back at finished games: the history list, a replay step, the buttons under a summary. */
import { gameTitle } from './game-words';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { placeText } from '../games/draw/image-words';
import { DEFAULT_LANGUAGE, DISCORD_LOCALES, messageWords, replyWords, type Language } from '../i18n/index';
import type {
  PublicFinishedGame as FinishedGameView,
  PublicHistoryPage as HistoryPage,
  PublicReplayFrame as ReplayFrame,
} from '../service/index';
import type { Renderer } from '../workers/render-pool';
import type { Row } from './controls';
import { encodeComponentId, type FinishedButton, type ReplaySlot } from './custom-ids';
import { endingOf, seatViews, type MessagePayload } from './views';
import { EMBED_LIMITS } from './message-parts';
import { boardAltText } from './image-descriptions';
import { decimal } from './stats-views';

const ARCHIVE_COLOR = 0x6b5b95;

function row(...components: MessageActionRowComponentBuilder[]): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(components);
}

/** The buttons under a summary: Rematch (in the game's channel), Replay and Download log (docs/fairness.md). */
export function finishedButtons(
  module: AnyGameModule,
  gameId: string,
  buttons: readonly FinishedButton[] = ['rematch', 'replay', 'log'],
  language: Language = DEFAULT_LANGUAGE,
): Row[] {
  const t = messageWords(language);
  const label = (button: FinishedButton) => t(`finished.${button}`);
  const style: Record<FinishedButton, ButtonStyle> = {
    rematch: ButtonStyle.Success,
    replay: ButtonStyle.Secondary,
    log: ButtonStyle.Secondary,
  };
  return [
    row(
      ...buttons.map((button) =>
        new ButtonBuilder()
          .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'finished', button, gameId }))
          .setLabel(label(button))
          .setStyle(style[button]),
      ),
    ),
  ];
}

/**
 * The date in UTC as Discord writes a short date for the reader ("11/24/2026", "24.11.2026"): a select option
 * cannot render Discord's timestamps, and it sits under lines that do.
 */
function menuDate(ms: number | null, language: Language): string {
  if (ms === null) return replyWords(language)('history.undated');
  const locale = DISCORD_LOCALES[language][0];
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(ms);
}

/** "12 min", "1 h 05 min". */
export function durationText(ms: number, language: Language = DEFAULT_LANGUAGE): string {
  const t = replyWords(language);
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return t('history.minutes', { minutes });
  return t('history.hours', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

function winnerText(module: AnyGameModule, view: FinishedGameView, language: Language): string {
  const t = replyWords(language);
  const ending = endingOf(module, view.game, view.game.state);
  if (ending === 'stopped') return t('history.stopped');
  if (ending === 'forfeit') return t('history.forfeited', { name: view.game.endedBy?.name ?? '' });
  if (ending === 'turn-limit') return t('history.turnLimit');
  const winners = view.placings.filter((placing) => placing.place === 1).map((placing) => placing.name);
  return t('history.won', { names: winners.join(' & ') || t('bot.nobody') });
}

function lengthText(view: FinishedGameView, language: Language): string {
  const { startedAt, finishedAt } = view.game;
  const time =
    startedAt !== null && finishedAt !== null ? `, ${durationText(finishedAt - startedAt, language)}` : '';
  return `${replyWords(language)('history.moves', { count: view.moves })}${time}`;
}

function playersText(view: FinishedGameView): string {
  return view.game.seats.map((seat) => (seat.userId ? seat.name : `🤖 ${seat.name}`)).join(', ');
}

function historyLine(
  module: AnyGameModule,
  view: FinishedGameView,
  number: number,
  language: Language,
): string {
  const when = view.game.finishedAt === null ? '' : `<t:${Math.floor(view.game.finishedAt / 1000)}:d> · `;
  const winner = winnerText(module, view, language);
  return `**${number}.** ${when}**${winner}** · ${playersText(view)} · ${lengthText(view, language)}`;
}

export interface HistoryTarget {
  /** Whose games (null: everyone's on the server) and how to name them. */
  userId: string | null;
  name: string | null;
}

/** One page of the history: a line per game, a menu to show one's summary, and page buttons. */
export function historyPayload(
  module: AnyGameModule,
  page: HistoryPage,
  target: HistoryTarget,
  language: Language = DEFAULT_LANGUAGE,
): MessagePayload {
  const t = replyWords(language);
  const whose = target.name ? t('history.titleOf', { name: target.name }) : t('history.titleServer');
  const embed = new EmbedBuilder()
    .setColor(ARCHIVE_COLOR)
    .setTitle(`📜 ${gameTitle(module, language)} — ${whose}`.slice(0, EMBED_LIMITS.title));
  if (page.total === 0) {
    return { embeds: [embed.setDescription(t('history.none'))], components: [] };
  }
  const first = page.page * 10 + 1;
  embed
    .setDescription(
      page.entries
        .map((view, i) => historyLine(module, view, first + i, language))
        .join('\n')
        .slice(0, 4000),
    )
    .setFooter({
      text: t('history.footer', { page: page.page + 1, pages: page.pages, count: page.total }),
    });
  const menu = new StringSelectMenuBuilder()
    .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'history-pick', userId: target.userId }))
    .setPlaceholder(t('history.pick'))
    .addOptions(
      page.entries.map((view, i) => ({
        label:
          `${first + i}. ${menuDate(view.game.finishedAt, language)} — ${winnerText(module, view, language)}`.slice(
            0,
            100,
          ),
        description: `${playersText(view)} · ${lengthText(view, language)}`.slice(0, 100),
        value: view.game.id,
      })),
    );
  const pageButton = (slot: 'prev' | 'next', label: string, to: number, disabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(
        encodeComponentId({ gameKey: module.key, kind: 'history', userId: target.userId, page: to, slot }),
      )
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(disabled);
  return {
    embeds: [embed],
    components: [
      row(menu),
      row(
        pageButton('prev', t('history.newer'), Math.max(0, page.page - 1), page.page === 0),
        pageButton('next', t('history.older'), page.page + 1, page.page + 1 >= page.pages),
      ),
    ],
  };
}

const REPLAY_BUTTONS: readonly { slot: ReplaySlot; label: string; to: (frame: ReplayFrame) => number }[] = [
  { slot: 'first', label: '⏮', to: () => 0 },
  { slot: 'back10', label: '−10', to: (f) => Math.max(0, f.step - 10) },
  { slot: 'back', label: '◀', to: (f) => Math.max(0, f.step - 1) },
  { slot: 'next', label: '▶', to: (f) => Math.min(f.steps, f.step + 1) },
  { slot: 'next10', label: '+10', to: (f) => Math.min(f.steps, f.step + 10) },
];

function replayControls(module: AnyGameModule, frame: ReplayFrame, language: Language): Row[] {
  const buttons = REPLAY_BUTTONS.map(({ slot, label, to }) => {
    const step = to(frame);
    return new ButtonBuilder()
      .setCustomId(
        encodeComponentId({ gameKey: module.key, kind: 'replay', gameId: frame.game.id, step, slot }),
      )
      .setLabel(label)
      .setStyle(slot === 'next' ? ButtonStyle.Primary : ButtonStyle.Secondary)
      .setDisabled(step === frame.step);
  });
  const last = new ButtonBuilder()
    .setCustomId(
      encodeComponentId({
        gameKey: module.key,
        kind: 'replay',
        gameId: frame.game.id,
        step: frame.steps,
        slot: 'last',
      }),
    )
    .setLabel(replyWords(language)('replay.last'))
    .setStyle(ButtonStyle.Secondary)
    .setDisabled(frame.step === frame.steps);
  return [row(...buttons), row(last)];
}

function replayText(frame: ReplayFrame, language: Language): string {
  const t = replyWords(language);
  if (frame.step === 0) return t('replay.start');
  const lines =
    frame.lines.length > 0 ? frame.lines.map((line) => `• ${line}`).join('\n') : `• ${t('replay.noChange')}`;
  const places = frame.placings?.map((p) => `${placeText(p.place, language)} ${p.name}`).join(', ');
  const result = places === undefined ? '' : `\n\n${t('replay.end', { places })}`;
  return `${lines}${result}`.slice(0, 4000);
}

/** The board after one step of a finished game, with buttons to step through it. */
export async function replayPayload(
  module: AnyGameModule,
  frame: ReplayFrame,
  renderer: Renderer,
  language: Language = DEFAULT_LANGUAGE,
): Promise<MessagePayload> {
  const t = replyWords(language);
  const steps = { step: frame.step, steps: frame.steps };
  // Replays are of finished games, whose whole state everyone may see (the service's view of it).
  const image = await renderer.board(module.key, {
    state: frame.state,
    seats: seatViews(frame.game),
    recentEvents: frame.events,
    viewerSeat: null,
  });
  const embed = new EmbedBuilder()
    .setColor(ARCHIVE_COLOR)
    .setTitle(t('replay.title', { title: gameTitle(module, language), ...steps }))
    .setDescription(replayText(frame, language))
    .setImage('attachment://replay.png')
    .setFooter({ text: t('replay.game', { id: frame.game.id }) });
  return {
    embeds: [embed],
    components: replayControls(module, frame, language),
    files: [
      new AttachmentBuilder(image, {
        name: 'replay.png',
        description: boardAltText({
          module,
          game: frame.game,
          state: frame.state,
          recentLines: frame.lines,
          placings: frame.placings,
          what: t('replay.what', steps),
        }),
      }),
    ],
  };
}

/** The rating chart attached to `/<game> stats` (null with fewer than two points to join). */
export async function ratingChartFile(
  name: string,
  ratings: readonly number[],
  firstGame: number,
  renderer: Renderer,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AttachmentBuilder | null> {
  if (ratings.length < 2) return null;
  const t = replyWords(language);
  const shown = firstGame === 0 ? ratings.length - 1 : ratings.length;
  const title =
    firstGame === 0 ? t('stats.chartSinceFirst', { name }) : t('stats.chartLast', { name, games: shown });
  const image = await renderer.ratingChart({ title, ratings, firstGame });
  const figure = (rating: number) => decimal(rating, language);
  const [first, last] = [figure(ratings[0]!), figure(ratings.at(-1)!)];
  const [lowest, highest] = [figure(Math.min(...ratings)), figure(Math.max(...ratings))];
  const description = t('stats.chartAlt', { title, first, last, lowest, highest });
  return new AttachmentBuilder(image, { name: 'rating.png', description });
}
