/** The game module's controls (plain data) as Discord components, with the game's custom ids. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule, Control } from '../games/contract';
import { stateSeenBy } from '../service/index';
import type { GameRecord } from '../store/index';
import { encodeComponentId } from './custom-ids';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

function component(
  module: AnyGameModule,
  game: GameRecord,
  seatName: string,
  control: Control<unknown>,
): MessageActionRowComponentBuilder {
  const base = { gameKey: module.key, gameId: game.id, version: game.version };
  if (control.kind === 'button') {
    return new ButtonBuilder()
      .setCustomId(encodeComponentId({ ...base, kind: 'act', token: module.controls.encode(control.action) }))
      .setLabel(control.label.slice(0, 80))
      .setStyle(STYLES[control.style])
      .setDisabled(control.disabled ?? false);
  }
  return new StringSelectMenuBuilder()
    .setCustomId(encodeComponentId({ ...base, kind: 'select' }))
    .setPlaceholder(`${seatName}: ${control.placeholder}`.slice(0, 150))
    .addOptions(
      control.options.slice(0, 25).map((option) => ({
        label: option.label.slice(0, 100),
        value: module.controls.encode(option.action),
        ...(option.description ? { description: option.description.slice(0, 100) } : {}),
      })),
    );
}

/**
 * The row the core keeps for itself under a live board: **My hand**, for the games with a private view (any
 * seated player may press it, whoever is to act).
 */
function coreRow(module: AnyGameModule, game: GameRecord): Row[] {
  if (!module.texts.handButton) return [];
  const myHand = new ButtonBuilder()
    .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'hand', gameId: game.id }))
    .setLabel('My hand')
    .setStyle(ButtonStyle.Secondary);
  return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(myHand)];
}

/** Everything under a live board: the controls of the human to act, then the core's row (none once over). */
export function boardComponents(module: AnyGameModule, game: GameRecord, state: unknown): Row[] {
  if (game.status !== 'active' || module.rules.isOver(state)) return [];
  return [...turnComponents(module, game, state), ...coreRow(module, game)];
}

/** The controls of the human seat to act (none while a computer plays or the game is over). */
function turnComponents(module: AnyGameModule, game: GameRecord, state: unknown): Row[] {
  if (game.status !== 'active') return [];
  const current = module.rules.currentSeat(state);
  const seat = current === null ? undefined : game.seats[current];
  if (!seat || seat.kind !== 'human' || seat.left) return [];
  return module.controls
    .rows(stateSeenBy(module, game, state, seat.index), seat.index)
    .slice(0, 4)
    .filter((row) => row.length > 0)
    .map((row) =>
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        row.slice(0, 5).map((control) => component(module, game, seat.name, control)),
      ),
    );
}
