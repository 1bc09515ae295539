/** The messages that look back at finished games: the history list, a replay step, the buttons under a summary. */
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
import { ordinal } from '../games/kit/places';
import { DEFAULT_LANGUAGE, messageWords, type Language } from '../i18n/index';
import {
  eventsSeenBy,
  stateSeenBy,
  type FinishedGameView,
  type HistoryPage,
  type ReplayFrame,
} from '../service/index';
import type { Renderer } from '../workers/render-pool';
import type { Row } from './controls';
import { encodeComponentId, type FinishedButton, type ReplaySlot } from './custom-ids';
import { endingOf, plural, seatViews, type MessagePayload } from './views';
import { boardAltText } from './image-descriptions';

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

/** "2026-11-24" in UTC: what a select option can show (it cannot render Discord's timestamps). */
function isoDate(ms: number | null): string {
  return ms === null ? 'undated' : new Date(ms).toISOString().slice(0, 10);
}

/** "12 min", "1 h 05 min". */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function winnerText(module: AnyGameModule, view: FinishedGameView): string {
  const ending = endingOf(module, view.game, view.game.state);
  if (ending === 'stopped') return 'stopped, no winner';
  if (ending === 'turn-limit') return 'turn limit, no winner';
  const winners = view.placings.filter((placing) => placing.place === 1).map((placing) => placing.name);
  return `${winners.join(' & ') || 'nobody'} won`;
}

function lengthText(view: FinishedGameView): string {
  const { startedAt, finishedAt } = view.game;
  const time = startedAt !== null && finishedAt !== null ? `, ${durationText(finishedAt - startedAt)}` : '';
  return `${plural(view.moves, 'move')}${time}`;
}

function playersText(view: FinishedGameView): string {
  return view.game.seats.map((seat) => (seat.userId ? seat.name : `🤖 ${seat.name}`)).join(', ');
}

function historyLine(module: AnyGameModule, view: FinishedGameView, number: number): string {
  const when = view.game.finishedAt === null ? '' : `<t:${Math.floor(view.game.finishedAt / 1000)}:d> · `;
  return `**${number}.** ${when}**${winnerText(module, view)}** · ${playersText(view)} · ${lengthText(view)}`;
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
): MessagePayload {
  const whose = target.name ? `${target.name}'s games` : 'games on this server';
  const embed = new EmbedBuilder()
    .setColor(ARCHIVE_COLOR)
    .setTitle(`📜 ${module.title} — ${whose}`.slice(0, 256));
  if (page.total === 0) {
    return { embeds: [embed.setDescription('No finished games yet.')], components: [] };
  }
  const first = page.page * 10 + 1;
  embed
    .setDescription(
      page.entries
        .map((view, i) => historyLine(module, view, first + i))
        .join('\n')
        .slice(0, 4000),
    )
    .setFooter({
      text: `Page ${page.page + 1} of ${page.pages} · ${plural(page.total, 'game')} · choose one to see its summary`,
    });
  const menu = new StringSelectMenuBuilder()
    .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'history-pick', userId: target.userId }))
    .setPlaceholder('Show the summary of a game…')
    .addOptions(
      page.entries.map((view, i) => ({
        label: `${first + i}. ${isoDate(view.game.finishedAt)} — ${winnerText(module, view)}`.slice(0, 100),
        description: `${playersText(view)} · ${lengthText(view)}`.slice(0, 100),
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
        pageButton('prev', '◀ Newer', Math.max(0, page.page - 1), page.page === 0),
        pageButton('next', 'Older ▶', page.page + 1, page.page + 1 >= page.pages),
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

function replayControls(module: AnyGameModule, frame: ReplayFrame): Row[] {
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
    .setLabel('⏭ End')
    .setStyle(ButtonStyle.Secondary)
    .setDisabled(frame.step === frame.steps);
  return [row(...buttons), row(last)];
}

function replayText(frame: ReplayFrame): string {
  if (frame.step === 0) return 'The start. Press ▶ to follow the game move by move.';
  const lines = frame.lines.length > 0 ? frame.lines.map((line) => `• ${line}`).join('\n') : '• (no change)';
  const result = frame.placings
    ? `\n\n**The end:** ${frame.placings.map((p) => `${ordinal(p.place)} ${p.name}`).join(', ')}`
    : '';
  return `${lines}${result}`.slice(0, 4000);
}

/** The board after one step of a finished game, with buttons to step through it. */
export async function replayPayload(
  module: AnyGameModule,
  frame: ReplayFrame,
  renderer: Renderer,
): Promise<MessagePayload> {
  // Replays are of finished games, whose whole state everyone may see; a running one would show its view.
  const state = stateSeenBy(module, frame.game, frame.state, null);
  const image = await renderer.board(module.key, {
    state,
    seats: seatViews(frame.game),
    recentEvents: eventsSeenBy(module, frame.game, frame.state, frame.events, null),
    viewerSeat: null,
  });
  const embed = new EmbedBuilder()
    .setColor(ARCHIVE_COLOR)
    .setTitle(`⏪ ${module.title} replay — move ${frame.step} of ${frame.steps}`)
    .setDescription(replayText(frame))
    .setImage('attachment://replay.png')
    .setFooter({ text: `Game ${frame.game.id}` });
  return {
    embeds: [embed],
    components: replayControls(module, frame),
    files: [
      new AttachmentBuilder(image, {
        name: 'replay.png',
        description: boardAltText({
          module,
          game: frame.game,
          state: frame.state,
          recentLines: frame.lines,
          placings: frame.placings,
          what: `replay, move ${frame.step} of ${frame.steps}`,
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
): Promise<AttachmentBuilder | null> {
  if (ratings.length < 2) return null;
  const shown = firstGame === 0 ? ratings.length - 1 : ratings.length;
  const title = `${name}'s rating, ${firstGame === 0 ? 'since the first game' : `last ${shown} games`}`;
  const image = await renderer.ratingChart({ title, ratings, firstGame });
  const [first, last] = [ratings[0]!, ratings.at(-1)!].map((rating) => rating.toFixed(1));
  const description = `Line chart: ${title}, from ${first} to ${last} (lowest ${Math.min(...ratings).toFixed(1)}, highest ${Math.max(...ratings).toFixed(1)})`;
  return new AttachmentBuilder(image, { name: 'rating.png', description });
}
