/** Every message the bot posts, built from the game module's texts: lobby, board, summary, stats. */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule, Figure, SeatView } from '../games/contract';
import { ordinal } from '../games/kit/places';
import { seatColor } from '../games/draw/palette';
import {
  eventsSeenBy,
  sentence,
  stateSeenBy,
  stoppedBy as stoppedByText,
  textContext,
  type Placing,
} from '../service/index';
import { type GameRecord, type SeatRecord } from '../store/index';
import type { Renderer } from '../workers/render-pool';
import { boardComponents, type Row } from './controls';
import { boardAltText, summaryAltText } from './image-descriptions';
import { commitmentFooter, revealField } from './fairness-views';
import { encodeComponentId, type LobbyButton } from './custom-ids';

export interface MessagePayload {
  content?: string;
  embeds: EmbedBuilder[];
  components: Row[];
  files?: AttachmentBuilder[];
}

const GREY = 0x888888;
const DEFAULT_COLOR = 0x3f8f4f;

export function seatViews(game: GameRecord): SeatView[] {
  return game.seats.map((seat) => ({ name: seat.name, kind: seat.level ?? 'human' }));
}

function heading(module: AnyGameModule, text: string): string {
  return module.emoji ? `${module.emoji} ${text}` : text;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** "a novice", "an intermediate". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** How a finished game ended, so that every message says the same: won, stopped by someone, or at the turn limit. */
export type Ending = 'won' | 'stopped' | 'turn-limit';

export function endingOf(module: AnyGameModule, game: GameRecord, state: unknown): Ending {
  if (game.endReason === 'ended') return 'stopped';
  return module.rules.endedByTurnLimit?.(state) === true ? 'turn-limit' : 'won';
}

function seatNoun(module: AnyGameModule): string {
  return module.texts.seatNoun ?? 'player';
}

/** The game's options in a few words, for games that have options ("standard rules" alone says nothing). */
function optionsSummary(module: AnyGameModule, game: GameRecord): string {
  if (module.options.length === 0) return '';
  return module.texts.optionsSummary?.(game.options.game) ?? '';
}

/** A computer's name carries its level ("Steady 1"), or the game has a single level: it is shown once. */
function seatLine(seat: SeatRecord): string {
  const who = seat.kind === 'human' && !seat.left ? `<@${seat.userId}>` : `🤖 ${seat.name}`;
  return `${seat.index + 1}. ${who}`;
}

/** The levels of the lobby's computers, and of the computers that fill its free seats, each explained once. */
function computerLevelsText(module: AnyGameModule, game: GameRecord): string {
  const used = new Set([game.options.computerLevel, ...game.seats.map((seat) => seat.level)]);
  return module.computer.levels
    .filter((level) => used.has(level))
    .map((level) => `• ${capitalised(module.texts.levelDescription(level))}`)
    .join('\n');
}

/** A footer's parts joined with " · ", the empty ones left out. */
function footerParts(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' · ');
}

function colorOf(seat: number): number {
  return Number.parseInt(seatColor(seat).replace('#', ''), 16);
}

export function lobbyPayload(module: AnyGameModule, game: GameRecord): MessagePayload {
  const free = game.options.seats - game.seats.length;
  const seatLines = game.seats.map(seatLine);
  for (let i = 0; i < free; i++) {
    // A game with a single level gives it no name players meet ("Computer 1"): "a computer" says enough.
    const computer =
      module.computer.levels.length > 1
        ? `${withArticle(game.options.computerLevel)} computer`
        : 'a computer';
    seatLines.push(`${game.seats.length + i + 1}. *free — ${computer} if nobody joins*`);
  }
  const parts = [
    `Host: <@${game.hostId}>`,
    optionsSummary(module, game),
    plural(game.options.seats, seatNoun(module)),
    `${game.options.speed} computer speed`,
    game.options.turnLimit === null ? '' : `turn limit ${game.options.turnLimit}`,
  ].filter((part) => part !== '');
  const nouns = seatNoun(module);
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(heading(module, `${module.title} — new game`))
    .setDescription(parts.join(' · '))
    .addFields(
      { name: `${nouns.charAt(0).toUpperCase()}${nouns.slice(1)}s`, value: seatLines.join('\n') },
      { name: 'Computers', value: computerLevelsText(module, game) },
    )
    .setFooter({
      text: footerParts(
        `Game ${game.id} · Join (a player takes a computer's seat when none is free), then the host presses Start.`,
        commitmentFooter(game),
      ),
    });
  const button = (id: LobbyButton, label: string, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'lobby', button: id, gameId: game.id }))
      .setLabel(label)
      .setStyle(style);
  const hasComputer = game.seats.some((seat) => seat.kind === 'computer');
  // Join stays pressable when the lobby is full: a player takes a computer's seat, or is told why not.
  const players: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('join', 'Join', ButtonStyle.Primary),
    button('leave', 'Leave', ButtonStyle.Secondary),
    button('start', 'Start', ButtonStyle.Success),
    button('cancel', 'Cancel', ButtonStyle.Danger),
  );
  const computers: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('add-computer', 'Add computer', ButtonStyle.Secondary).setDisabled(free <= 0),
    button('remove-computer', 'Remove computer', ButtonStyle.Secondary).setDisabled(!hasComputer),
  );
  return { embeds: [embed], components: [players, computers] };
}

export function closedLobbyPayload(module: AnyGameModule, game: GameRecord, text: string): MessagePayload {
  return {
    embeds: [
      new EmbedBuilder()
        .setColor(GREY)
        .setTitle(heading(module, module.title))
        .setDescription(text)
        .setFooter({ text: `Game ${game.id}` }),
    ],
    components: [],
  };
}

/** "🥇 **1st** <@…>": the place is written out; a medal only decorates it (and none when a game was stopped). */
function placingsText(placings: readonly Placing[], medals = true): string {
  const medal = (place: number) => (medals ? (['🥇 ', '🥈 ', '🥉 '][place - 1] ?? '') : '');
  const who = (p: Placing) => (p.kind === 'human' && p.userId ? `<@${p.userId}>` : `🤖 ${p.name}`);
  return placings.map((p) => `${medal(p.place)}**${ordinal(p.place)}** ${who(p)}`).join('\n');
}

export interface BoardView {
  module: AnyGameModule;
  game: GameRecord;
  state: unknown;
  recentEvents: readonly unknown[];
  recentLines: readonly string[];
  placings: readonly Placing[] | null;
}

function boardTitle(view: BoardView): string {
  const { module, game, state } = view;
  const current = module.rules.currentSeat(state);
  if (module.rules.isOver(state) || game.status !== 'active' || current === null) {
    const summary = optionsSummary(module, game);
    return `🏁 ${module.title} — game over${summary ? ` (${summary})` : ''}`;
  }
  const ctx = textContext(game);
  if (module.texts.boardTitle) return module.texts.boardTitle(stateSeenBy(module, game, state, null), ctx);
  return heading(module, `${module.title} — ${ctx.names[current] ?? `Seat ${current + 1}`} to play`);
}

/** The live board: image, the latest log lines, and the controls of the human to act. */
export async function boardPayload(view: BoardView, renderer: Renderer): Promise<MessagePayload> {
  const { module, game, state } = view;
  const image = await renderer.board(module.key, {
    state: stateSeenBy(module, game, state, null),
    seats: seatViews(game),
    recentEvents: eventsSeenBy(module, game, state, view.recentEvents, null),
    viewerSeat: null,
  });
  const log =
    view.recentLines.length > 0 ? view.recentLines.map((l) => `• ${l}`).join('\n') : 'The game is on!';
  const current = module.rules.currentSeat(state);
  const live = game.status === 'active' && !module.rules.isOver(state);
  // A finished or stopped game's board keeps no live-game hint.
  const hint = live && module.texts.footerHint ? ` · ${module.texts.footerHint}` : '';
  const embed = new EmbedBuilder()
    .setColor(current === null ? GREY : colorOf(current))
    .setTitle(boardTitle(view))
    .setDescription(log.slice(-3900))
    .setImage('attachment://board.png')
    .setFooter({
      text: `${footerParts(`Game ${game.id} · v${game.version}`, commitmentFooter(game))}${hint}`,
    });
  if (view.placings) {
    const ending = endingOf(module, game, state);
    const names = {
      won: 'Result',
      stopped: 'Standings when stopped',
      'turn-limit': 'Standings at the turn limit',
    };
    embed.addFields({ name: names[ending], value: placingsText(view.placings, ending === 'won') });
  }
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
  game: GameRecord,
  state: unknown,
  seat: number,
  renderer: Renderer,
): Promise<AttachmentBuilder> {
  const viewerSeat = seat >= 0 ? seat : null;
  const image = await renderer.board(module.key, {
    state: stateSeenBy(module, game, state, viewerSeat),
    seats: seatViews(game),
    recentEvents: [],
    viewerSeat,
  });
  const description = boardAltText({ module, game, state, recentLines: [], placings: null });
  return new AttachmentBuilder(image, { name: 'hand.png', description });
}

/** "1 turn", "3 lettuces eaten". */
export function figureText(figure: Figure): string {
  const label = figure.value === 1 ? (figure.singular ?? figure.label) : figure.label;
  const value = typeof figure.value === 'number' ? figure.value.toLocaleString('en-US') : figure.value;
  return `${value} ${label}`;
}

function figuresLine(module: AnyGameModule, state: unknown, seat: number): string {
  return module.texts.figures(state, seat).map(figureText).join(', ');
}

export async function summaryPayload(
  module: AnyGameModule,
  game: GameRecord,
  state: unknown,
  placings: readonly Placing[],
  renderer: Renderer,
): Promise<MessagePayload> {
  const ending = endingOf(module, game, state);
  const stoppedBy = ending === 'stopped' ? (game.endedBy?.name ?? 'the host') : null;
  // A summary is of a game that has ended, whose state everyone may see (the view is the state then).
  const seen = stateSeenBy(module, game, state, null);
  const image = await renderer.summary(module.key, { state: seen, seats: seatViews(game), stoppedBy });
  const figureLines = new Map(placings.map((p) => [p.seat, figuresLine(module, seen, p.seat)]));
  const figures = placings.map((p) => {
    const line = figureLines.get(p.seat);
    const who = `**${ordinal(p.place)} ${p.name}**`;
    return line ? `${who} — ${line}` : who;
  });
  const summary = optionsSummary(module, game);
  const title = {
    won: `🏆 ${module.title} — ${placings[0]?.name ?? 'nobody'} wins!`,
    stopped: `🏁 ${module.title} — stopped by ${stoppedBy}`,
    'turn-limit': `🏁 ${module.title} — turn limit reached, no winner`,
  }[ending];
  const intro = {
    won: '',
    stopped: `${sentence(stoppedByText(stoppedBy ?? ''))} The standings then:\n`,
    'turn-limit': 'The turn limit ended the game before anyone won: no winner. The standings then:\n',
  }[ending];
  const places = placingsText(placings, ending === 'won');
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(title.slice(0, 256))
    .setDescription(`${intro}${places}\n\n${figures.join('\n')}`.slice(0, 4000))
    .setImage('attachment://summary.png')
    .setFooter({ text: [`Game ${game.id}`, summary].filter((part) => part !== '').join(' · ') });
  const reveal = revealField(module, game);
  if (reveal) embed.addFields(reveal);
  const outcome = {
    won: `${placings[0]?.name ?? 'nobody'} wins`,
    stopped: `stopped by ${stoppedBy}, no winner`,
    'turn-limit': 'turn limit reached, no winner',
  }[ending];
  const description = summaryAltText({ module, game, state, placings, outcome, figures: figureLines });
  return {
    embeds: [embed],
    components: [],
    files: [new AttachmentBuilder(image, { name: 'summary.png', description })],
  };
}
