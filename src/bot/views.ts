import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AiLevel } from '../games/hare/computer/index';
import { legalActions, type Action, type GameEvent, type GameState } from '../games/hare/rules/index';
import { seatColor, type Renderer, type SeatDisplay } from '../games/hare/render/index';
import type { Placing } from '../service/index';
import type { GameRecord, PlayerStats, SeatRecord } from '../store/index';
import { encodeAction, encodeComponentId, type LobbyButton } from './custom-ids';
import { actionLabel, moveTargets } from './game-text';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface MessagePayload {
  content?: string;
  embeds: EmbedBuilder[];
  components: Row[];
  files?: AttachmentBuilder[];
}

const RULES_TITLE = { standard: 'standard rules', classic: 'classic rules' } as const;
const HARE_GREEN = 0x3f8f4f;
const MAX_SELECT_OPTIONS = 25;

export function seatDisplays(game: GameRecord): SeatDisplay[] {
  return game.seats.map((seat) => ({ name: seat.name, kind: seat.level ?? 'human' }));
}

function seatLine(seat: SeatRecord): string {
  const who =
    seat.kind === 'human' && !seat.left
      ? `<@${seat.userId}>`
      : `🤖 ${seat.name} (${seat.level ?? 'computer'})`;
  return `${seat.index + 1}. ${who}`;
}

function colorOf(seat: number): number {
  return Number.parseInt(seatColor(seat).replace('#', ''), 16);
}

export function lobbyPayload(game: GameRecord, defaultLevel: AiLevel): MessagePayload {
  const free = game.options.seats - game.seats.length;
  const seatLines = game.seats.map(seatLine);
  for (let i = 0; i < free; i++)
    seatLines.push(`${game.seats.length + i + 1}. *free — a ${defaultLevel} computer if nobody joins*`);
  const embed = new EmbedBuilder()
    .setColor(HARE_GREEN)
    .setTitle('🐇 Hare & Tortoise — new game')
    .setDescription(
      `Host: <@${game.hostId}> · ${RULES_TITLE[game.rules]} · ${game.options.seats} runners · computers: ${game.options.computerLevel}, ${game.options.speed}`,
    )
    .addFields({ name: 'Runners', value: seatLines.join('\n') })
    .setFooter({ text: `Game ${game.id} · Join, then the host presses Start.` });
  const button = (id: LobbyButton, label: string, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeComponentId({ kind: 'lobby', button: id, gameId: game.id }))
      .setLabel(label)
      .setStyle(style);
  const row: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('join', 'Join', ButtonStyle.Primary).setDisabled(free <= 0),
    button('leave', 'Leave', ButtonStyle.Secondary),
    button('add-computer', 'Add computer', ButtonStyle.Secondary).setDisabled(free <= 0),
    button('start', 'Start', ButtonStyle.Success),
    button('cancel', 'Cancel', ButtonStyle.Danger),
  );
  return { embeds: [embed], components: [row] };
}

export function closedLobbyPayload(game: GameRecord, text: string): MessagePayload {
  return {
    embeds: [
      new EmbedBuilder()
        .setColor(0x888888)
        .setTitle('🐇 Hare & Tortoise')
        .setDescription(text)
        .setFooter({ text: `Game ${game.id}` }),
    ],
    components: [],
  };
}

function actionButtons(game: GameRecord, state: GameState, actions: Action[]): ButtonBuilder[] {
  const seat = state.seats[state.current];
  const buttonActions = actions.filter(
    (a) => a.type !== 'move' || (seat !== undefined && a.to < seat.position),
  );
  return buttonActions.map((action) =>
    new ButtonBuilder()
      .setCustomId(encodeComponentId({ kind: 'act', gameId: game.id, version: game.version, action }))
      .setLabel(actionLabel(state, action))
      .setStyle(action.type === 'move' ? ButtonStyle.Secondary : ButtonStyle.Primary),
  );
}

/** The select menu of forward and back moves (nearest first) and the buttons for the other actions. */
export function turnComponents(game: GameRecord, state: GameState): Row[] {
  if (state.over) return [];
  const actingSeat = game.seats[state.current];
  if (!actingSeat || actingSeat.kind !== 'human' || actingSeat.left) return [];
  const rows: Row[] = [];
  const targets = moveTargets(state).slice(0, MAX_SELECT_OPTIONS);
  if (targets.length > 0) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(encodeComponentId({ kind: 'select', gameId: game.id, version: game.version }))
      .setPlaceholder(`${actingSeat.name}: choose a square`)
      .addOptions(
        targets.map((t) => ({ label: t.label, value: encodeAction({ type: 'move', to: t.square }) })),
      );
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu));
  }
  const buttons = actionButtons(game, state, legalActions(state));
  if (buttons.length > 0)
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons.slice(0, 5)));
  return rows;
}

function placingsText(placings: readonly Placing[]): string {
  const medal = (place: number) => ['🥇', '🥈', '🥉'][place - 1] ?? `${place}.`;
  return placings
    .map((p) => `${medal(p.place)} ${p.kind === 'human' && p.userId ? `<@${p.userId}>` : `🤖 ${p.name}`}`)
    .join('\n');
}

export interface BoardView {
  game: GameRecord;
  state: GameState;
  recentEvents: readonly GameEvent[];
  recentLines: readonly string[];
  placings: readonly Placing[] | null;
}

function boardTitle(view: BoardView): string {
  const { game, state } = view;
  if (state.over || game.status !== 'active')
    return `🏁 Hare & Tortoise — game over (${RULES_TITLE[game.rules]})`;
  const seat = game.seats[state.current];
  return `🐇 Turn ${state.turn} — ${seat ? seat.name : `Seat ${state.current + 1}`} to play`;
}

/** The live board: image, the last transactions lines, and the controls of the human to act. */
export async function boardPayload(view: BoardView, renderer: Renderer): Promise<MessagePayload> {
  const { game, state } = view;
  const image = await renderer.board(state, {
    seats: seatDisplays(game),
    recentEvents: view.recentEvents,
    viewerSeat: null,
  });
  const log =
    view.recentLines.length > 0 ? view.recentLines.map((l) => `• ${l}`).join('\n') : 'The race is on!';
  const embed = new EmbedBuilder()
    .setColor(state.over ? 0x888888 : colorOf(state.current))
    .setTitle(boardTitle(view))
    .setDescription(log.slice(-3900))
    .setImage('attachment://board.png')
    .setFooter({ text: `Game ${game.id} · v${game.version} · /hare hand shows your carrots and moves` });
  if (view.placings) embed.addFields({ name: 'Result', value: placingsText(view.placings) });
  return {
    embeds: [embed],
    components: game.status === 'active' ? turnComponents(game, state) : [],
    files: [new AttachmentBuilder(image, { name: 'board.png' })],
  };
}

/** The private board of one seat: its own carrots visible, its targets marked. */
export async function privateBoardFile(
  game: GameRecord,
  state: GameState,
  seat: number,
  renderer: Renderer,
): Promise<AttachmentBuilder> {
  const image = await renderer.board(state, { seats: seatDisplays(game), viewerSeat: seat });
  return new AttachmentBuilder(image, { name: 'hand.png' });
}

export async function summaryPayload(
  game: GameRecord,
  state: GameState,
  placings: readonly Placing[],
  renderer: Renderer,
): Promise<MessagePayload> {
  const image = await renderer.summary(state, { seats: seatDisplays(game) });
  const figures = placings.map((p) => {
    const stats = state.seats[p.seat]?.stats;
    return stats
      ? `**${p.place}. ${p.name}** — ${stats.turns} turns, spent ${stats.carrotsSpent} / earned ${stats.carrotsEarned} carrots, ${stats.lettucesEaten} lettuces, ${stats.hareResults} hare results`
      : `**${p.place}. ${p.name}**`;
  });
  const embed = new EmbedBuilder()
    .setColor(HARE_GREEN)
    .setTitle(`🏆 Hare & Tortoise — ${placings[0]?.name ?? 'nobody'} wins!`)
    .setDescription(`${placingsText(placings)}\n\n${figures.join('\n')}`.slice(0, 4000))
    .setImage('attachment://summary.png')
    .setFooter({ text: `Game ${game.id} · ${RULES_TITLE[game.rules]} · ${state.turn} turns` });
  return { embeds: [embed], components: [], files: [new AttachmentBuilder(image, { name: 'summary.png' })] };
}

export function statsEmbed(name: string, stats: PlayerStats | null): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(HARE_GREEN).setTitle(`📊 ${name}`);
  if (!stats || stats.games === 0) return embed.setDescription('No finished games on this server yet.');
  const average = (stats.placeSum / stats.games).toFixed(2);
  const beaten = Object.entries(stats.beaten)
    .filter(([, count]) => count > 0)
    .map(([level, count]) => `${level} ×${count}`)
    .join(', ');
  return embed.addFields(
    { name: 'Games', value: String(stats.games), inline: true },
    { name: 'Wins', value: `${stats.wins} (${Math.round((100 * stats.wins) / stats.games)}%)`, inline: true },
    { name: 'Average place', value: average, inline: true },
    { name: 'Computers beaten', value: beaten || 'none yet', inline: false },
  );
}

export function leaderboardEmbed(rows: readonly PlayerStats[]): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(HARE_GREEN).setTitle('🏆 Hare & Tortoise leaderboard');
  if (rows.length === 0) return embed.setDescription('No finished games on this server yet.');
  const lines = rows.map(
    (r, i) =>
      `${i + 1}. <@${r.userId}> — ${r.wins} win${r.wins === 1 ? '' : 's'} in ${r.games} game${r.games === 1 ? '' : 's'} (avg place ${(r.placeSum / r.games).toFixed(1)})`,
  );
  return embed.setDescription(lines.join('\n'));
}
