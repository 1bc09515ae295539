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
import { seatColor } from '../games/draw/palette';
import { formatNumber, placeText, unnamedSeat } from '../games/draw/image-words';
import { DEFAULT_LANGUAGE, messageWords, type Language, type Translate } from '../i18n/index';
import {
  forfeitSeat,
  forfeitedBy,
  seatView,
  sentence,
  stoppedBy as stoppedByText,
  textContext,
  type Placing,
  type PublicView,
  type StateView,
} from '../service/index';
import { type GameInfo, type SeatRecord } from '../service/index';
import type { Renderer } from '../workers/render-pool';
import { boardComponents, type Row } from './controls';
import { figureNotes } from './figure-notes';
import { boardAltText, summaryAltText } from './image-descriptions';
import { commitmentFooter, lobbyFairnessField, revealField } from './fairness-views';
import { encodeComponentId, type LobbyButton } from './custom-ids';
import { footerHint, gameTitle, languageOf, levelName, seatNoun } from './game-words';

export interface MessagePayload {
  content?: string;
  embeds: EmbedBuilder[];
  components: Row[];
  files?: AttachmentBuilder[];
}

const GREY = 0x888888;
const DEFAULT_COLOR = 0x3f8f4f;

export function seatViews(game: GameInfo): SeatView[] {
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

/**
 * How a finished game ended, so that every message says the same: won, stopped by someone not playing (it counts
 * for nobody), a player's forfeit (they stopped it), or at the turn limit.
 */
export type Ending = 'won' | 'stopped' | 'forfeit' | 'turn-limit';

export function endingOf(module: AnyGameModule, game: GameInfo, state: StateView | null): Ending {
  if (game.endReason === 'ended') return game.forfeit ? 'forfeit' : 'stopped';
  return module.rules.endedByTurnLimit?.(state) === true ? 'turn-limit' : 'won';
}

/** The game's options in a few words, for games that have options ("standard rules" alone says nothing). */
function optionsSummary(module: AnyGameModule, game: GameInfo, language: Language): string {
  if (module.options.length === 0) return '';
  return module.texts.optionsSummary?.(game.options.game, language) ?? '';
}

/** A computer's name carries its level ("Steady 1"), or the game has a single level: it is shown once. */
function seatLine(seat: SeatRecord): string {
  const who = seat.kind === 'human' && !seat.left ? `<@${seat.userId}>` : `🤖 ${seat.name}`;
  return `${seat.index + 1}. ${who}`;
}

/** The levels of the lobby's computers, and of the computers that fill its free seats, each explained once. */
function computerLevelsText(module: AnyGameModule, game: GameInfo, language: Language): string {
  const used = new Set([game.options.computerLevel, ...game.seats.map((seat) => seat.level)]);
  return module.computer.levels
    .filter((level) => used.has(level))
    .map((level) => `• ${capitalised(module.texts.levelDescription(level, language))}`)
    .join('\n');
}

/** A footer's parts joined with " · ", the empty ones left out. */
function footerParts(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' · ');
}

function colorOf(seat: number): number {
  return Number.parseInt(seatColor(seat).replace('#', ''), 16);
}

/** "a computer", "an intermediate computer" (in the game's language), for a lobby's free seat. */
function freeComputer(module: AnyGameModule, game: GameInfo, t: Translate, language: Language): string {
  // A game with a single level gives it no name players meet ("Computer 1"): "a computer" says enough.
  if (module.computer.levels.length <= 1) return t('lobby.aComputer');
  const level = game.options.computerLevel;
  const key = /^[aeiou]/i.test(level) ? 'lobby.levelComputerVowel' : 'lobby.levelComputer';
  return t(key, { level: levelName(module, level, language) });
}

export function lobbyPayload(module: AnyGameModule, game: GameInfo): MessagePayload {
  const language = languageOf(game);
  const t = messageWords(language);
  const free = game.options.seats - game.seats.length;
  const seatLines = game.seats.map(seatLine);
  const computer = freeComputer(module, game, t, language);
  for (let i = 0; i < free; i++)
    seatLines.push(`${game.seats.length + i + 1}. *${t('lobby.free', { computer })}*`);
  const seats = game.options.seats;
  const parts = [
    t('lobby.host', { host: `<@${game.hostId}>` }),
    optionsSummary(module, game, language),
    t('lobby.seats', { count: formatNumber(seats, language), noun: seatNoun(module, language, seats !== 1) }),
    t('lobby.speed', { speed: t(`lobby.speeds.${game.options.speed}`) }),
    game.options.turnLimit === null
      ? ''
      : t('lobby.turnLimit', { limit: formatNumber(game.options.turnLimit, language) }),
  ].filter((part) => part !== '');
  const title = gameTitle(module, language);
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(heading(module, t('lobby.title', { title })))
    .setDescription(parts.join(' · '))
    .addFields(
      { name: capitalised(seatNoun(module, language, true)), value: seatLines.join('\n') },
      { name: t('lobby.computers'), value: computerLevelsText(module, game, language) },
    )
    .setFooter({ text: footerParts(t('game', { id: game.id }), t('lobby.footer')) });
  const fairness = lobbyFairnessField(module, game);
  if (fairness) embed.addFields(fairness);
  const button = (id: LobbyButton, label: string, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'lobby', button: id, gameId: game.id }))
      .setLabel(label)
      .setStyle(style);
  const hasComputer = game.seats.some((seat) => seat.kind === 'computer');
  // Join stays pressable when the lobby is full: a player takes a computer's seat, or is told why not.
  const players: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('join', t('lobby.buttons.join'), ButtonStyle.Primary),
    button('leave', t('lobby.buttons.leave'), ButtonStyle.Secondary),
    button('start', t('lobby.buttons.start'), ButtonStyle.Success),
    button('cancel', t('lobby.buttons.cancel'), ButtonStyle.Danger),
  );
  const computers: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('add-computer', t('lobby.buttons.addComputer'), ButtonStyle.Secondary).setDisabled(free <= 0),
    button('remove-computer', t('lobby.buttons.removeComputer'), ButtonStyle.Secondary).setDisabled(
      !hasComputer,
    ),
  );
  return { embeds: [embed], components: [players, computers] };
}

export function closedLobbyPayload(module: AnyGameModule, game: GameInfo, text: string): MessagePayload {
  const language = languageOf(game);
  return {
    embeds: [
      new EmbedBuilder()
        .setColor(GREY)
        .setTitle(heading(module, gameTitle(module, language)))
        .setDescription(text)
        .setFooter({ text: messageWords(language)('game', { id: game.id }) }),
    ],
    components: [],
  };
}

/** "🥇 **1st** <@…>": the place is written out; a medal only decorates it (and none when a game was stopped). */
function placingsText(placings: readonly Placing[], language: Language, medals = true): string {
  const medal = (place: number) => (medals ? (['🥇 ', '🥈 ', '🥉 '][place - 1] ?? '') : '');
  const who = (p: Placing) => (p.kind === 'human' && p.userId ? `<@${p.userId}>` : `🤖 ${p.name}`);
  return placings.map((p) => `${medal(p.place)}**${placeText(p.place, language)}** ${who(p)}`).join('\n');
}

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

/** The live board: image, the latest log lines, and the controls of the human to act. */
export async function boardPayload(view: BoardView, renderer: Renderer): Promise<MessagePayload> {
  const { module, game, state } = view;
  const language = languageOf(game);
  const t = messageWords(language);
  const image = await renderer.board(module.key, {
    state,
    seats: seatViews(game),
    recentEvents: view.recentEvents,
    viewerSeat: null,
    language,
  });
  const log = view.recentLines.length > 0 ? view.recentLines.map((l) => `• ${l}`).join('\n') : t('board.on');
  const current = module.rules.currentSeat(state);
  const live = game.status === 'active' && !module.rules.isOver(state);
  // A finished or stopped game's board keeps no live-game hint.
  const hintText = live ? footerHint(module, language) : undefined;
  const hint = hintText ? ` · ${hintText}` : '';
  const embed = new EmbedBuilder()
    .setColor(current === null ? GREY : colorOf(current))
    .setTitle(boardTitle(view, language))
    .setDescription(log.slice(-3900))
    .setImage('attachment://board.png')
    .setFooter({
      text: `${footerParts(t('gameVersion', { id: game.id, version: game.version }), commitmentFooter(game))}${hint}`,
    });
  if (view.placings) {
    const ending = endingOf(module, game, state);
    const names = {
      won: t('board.result'),
      stopped: t('board.standingsStopped'),
      forfeit: t('board.standingsForfeit'),
      'turn-limit': t('board.standingsTurnLimit'),
    };
    const medals = ending === 'won' || ending === 'forfeit';
    embed.addFields({ name: names[ending], value: placingsText(view.placings, language, medals) });
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

/** "1 turn", "3 lettuces eaten". */
export function figureText(figure: Figure): string {
  return figureTextIn(figure, DEFAULT_LANGUAGE);
}

/** A figure in `language`: the module gives its words, the number is written as the language does ("1.200"). */
export function figureTextIn(figure: Figure, language: Language): string {
  const label = figure.value === 1 ? (figure.singular ?? figure.label) : figure.label;
  const value = typeof figure.value === 'number' ? formatNumber(figure.value, language) : figure.value;
  return `${value} ${label}`;
}

function figuresLine(module: AnyGameModule, state: PublicView, seat: number, language: Language): string {
  return module.texts
    .figures(state, seat, language)
    .map((figure) => figureTextIn(figure, language))
    .join(', ');
}

export async function summaryPayload(
  module: AnyGameModule,
  game: GameInfo,
  state: PublicView,
  placings: readonly Placing[],
  renderer: Renderer,
  language: Language = languageOf(game),
): Promise<MessagePayload> {
  const t = messageWords(language);
  const title = gameTitle(module, language);
  const ending = endingOf(module, game, state);
  const ended = ending === 'stopped' || ending === 'forfeit';
  const stoppedBy = ended ? (game.endedBy?.name ?? t('theHost')) : null;
  // A summary is of a game that has ended, whose state everyone may see (the public view is the state then).
  const seen = state;
  const image = await renderer.summary(module.key, {
    state: seen,
    seats: seatViews(game),
    stoppedBy,
    forfeitSeat: ending === 'forfeit' ? forfeitSeat(game) : null,
    language,
  });
  const figureLines = new Map(placings.map((p) => [p.seat, figuresLine(module, seen, p.seat, language)]));
  const figures = placings.map((p) => {
    const line = figureLines.get(p.seat);
    const who = `**${placeText(p.place, language)} ${p.name}**`;
    return line ? `${who} — ${line}` : who;
  });
  const notes = figureNotes(
    module,
    seen,
    placings.map((p) => p.seat),
    language,
  );
  const summary = optionsSummary(module, game, language);
  const winner = placings[0]?.name ?? t('nobody');
  const heading = {
    won: t('summary.wins', { title, name: winner }),
    stopped: t('summary.stopped', { title, name: stoppedBy ?? '' }),
    forfeit: t('summary.forfeited', { title, name: stoppedBy ?? '' }),
    'turn-limit': t('summary.turnLimit', { title }),
  }[ending];
  const intro = {
    won: '',
    stopped: `${sentence(stoppedByText(stoppedBy ?? '', language))} ${t('summary.standingsThen')}\n`,
    forfeit: `${sentence(forfeitedBy(stoppedBy ?? '', language))} ${t('summary.forfeitPlaces', { name: stoppedBy ?? '' })}\n`,
    'turn-limit': `${t('summary.turnLimitIntro')}\n`,
  }[ending];
  const places = placingsText(placings, language, ending === 'won' || ending === 'forfeit');
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(heading.slice(0, 256))
    .setDescription(
      [`${intro}${places}`, figures.join('\n'), notes.join('\n')].join('\n\n').trim().slice(0, 4000),
    )
    .setImage('attachment://summary.png')
    .setFooter({ text: footerParts(t('game', { id: game.id }), summary) });
  const reveal = revealField(module, game);
  if (reveal) embed.addFields(reveal);
  const outcome = {
    won: t('summary.outcomeWins', { name: winner }),
    stopped: t('summary.outcomeStopped', { name: stoppedBy ?? '' }),
    forfeit: t('summary.outcomeForfeited', { name: stoppedBy ?? '' }),
    'turn-limit': t('summary.outcomeTurnLimit'),
  }[ending];
  const description = summaryAltText({ module, game, state, placings, outcome, figures: figureLines });
  return {
    embeds: [embed],
    components: [],
    files: [new AttachmentBuilder(image, { name: 'summary.png', description })],
  };
}
