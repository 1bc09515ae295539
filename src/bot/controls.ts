/** The game module's controls (plain data) as Discord components, with the game's custom ids. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule, Control } from '../games/contract';
import { seatView, type PublicView } from '../service/index';
import type { GameInfo } from '../service/index';
import { DEFAULT_LANGUAGE, messageAt, messageWords, type Language } from '../i18n/index';
import { encodeComponentId } from './custom-ids';
import { languageOf } from './game-words';
import { colonIn } from '../i18n/punctuation';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

/** Where controls are drawn: under the public board, or in the mover's private reply (private controls). */
export type ControlsPlace = 'board' | 'private';

/** The label of the board's one button when the controls are private (the turn mention names it). */
export function chooseMoveLabel(language: Language): string {
  return messageWords(language)('board.chooseMove');
}

function component(
  module: AnyGameModule,
  game: GameInfo,
  seatName: string,
  control: Control<unknown>,
  place: ControlsPlace,
): MessageActionRowComponentBuilder {
  const base = { gameKey: module.key, gameId: game.id, version: game.version };
  if (control.kind === 'button') {
    const token = module.controls.encode(control.action);
    const kind = place === 'board' ? ('act' as const) : ('private-act' as const);
    return new ButtonBuilder()
      .setCustomId(encodeComponentId({ ...base, kind, token }))
      .setLabel(control.label.slice(0, 80))
      .setStyle(STYLES[control.style])
      .setDisabled(control.disabled ?? false);
  }
  const kind = place === 'board' ? ('select' as const) : ('private-select' as const);
  return new StringSelectMenuBuilder()
    .setCustomId(encodeComponentId({ ...base, kind }))
    .setPlaceholder(`${seatName}${colonIn(languageOf(game))}${control.placeholder}`.slice(0, 150))
    .addOptions(
      control.options.slice(0, 25).map((option) => ({
        label: option.label.slice(0, 100),
        value: module.controls.encode(option.action),
        ...(option.description ? { description: option.description.slice(0, 100) } : {}),
      })),
    );
}

/**
 * What the private view's button says: the game's own word where "My hand" does not fit (Greed has no hand:
 * "My turn"), from its catalogue's `handButton`, else the platform's "My hand".
 */
export function handLabel(module: AnyGameModule, language: Language): string {
  const own = module.catalogue
    ? (messageAt(module.catalogue[language], 'handButton') ??
      messageAt(module.catalogue[DEFAULT_LANGUAGE], 'handButton'))
    : undefined;
  return own ?? messageWords(language)('board.myHand');
}

/**
 * The row the core keeps for itself under a live board: **My hand**, for the games with a private view (any
 * seated player may press it, whoever is to act).
 */
function coreRow(module: AnyGameModule, game: GameInfo): Row[] {
  if (!module.texts.handButton) return [];
  const myHand = new ButtonBuilder()
    .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'hand', gameId: game.id }))
    .setLabel(handLabel(module, languageOf(game)))
    .setStyle(ButtonStyle.Secondary);
  return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(myHand)];
}

/** Everything under a live board: the controls of the human to act, then the core's row (none once over). */
export function boardComponents(module: AnyGameModule, game: GameInfo, state: PublicView): Row[] {
  if (game.status !== 'active' || module.rules.isOver(state)) return [];
  return [...publicTurnComponents(module, game, state), ...coreRow(module, game)];
}

/** The human seat to act of a running game, if any (none while a computer plays). */
function humanToAct(module: AnyGameModule, game: GameInfo, state: unknown): GameInfo['seats'][number] | null {
  if (game.status !== 'active') return null;
  const current = module.rules.currentSeat(state);
  const seat = current === null ? undefined : game.seats[current];
  return seat && seat.kind === 'human' && !seat.left ? seat : null;
}

/** Whether `seat`'s controls tell a secret of its own, so that only it may see them (GameControls.privateFor). */
export function controlsArePrivate(module: AnyGameModule, view: unknown, seat: number): boolean {
  if (!(module.controls.privateFor?.(view, seat) ?? false)) return false;
  return module.controls.rows(view, seat).some((row) => row.length > 0);
}

/** The controls of the human to act as the table sees them: theirs, or one Choose your move button. */
function publicTurnComponents(module: AnyGameModule, game: GameInfo, state: PublicView): Row[] {
  const seat = humanToAct(module, game, state);
  if (!seat) return [];
  const view = seatView(state, seat.index);
  if (!controlsArePrivate(module, view, seat.index)) return turnComponents(module, game, view, seat, 'board');
  const choose = new ButtonBuilder()
    .setCustomId(
      encodeComponentId({ gameKey: module.key, kind: 'choose', gameId: game.id, version: game.version }),
    )
    .setLabel(chooseMoveLabel(languageOf(game)))
    .setStyle(ButtonStyle.Primary);
  return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(choose)];
}

/**
 * The controls of `seat` (to act) drawn from `view`, its own view of the game: under the board, or in its
 * private reply; in `language` (default: the game's).
 */
export function turnComponents(
  module: AnyGameModule,
  game: GameInfo,
  view: unknown,
  seat: { index: number; name: string },
  place: ControlsPlace,
  language: Language = languageOf(game),
): Row[] {
  return module.controls
    .rows(view, seat.index, language)
    .slice(0, 4)
    .filter((row) => row.length > 0)
    .map((row) =>
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        row.slice(0, 5).map((control) => component(module, game, seat.name, control, place)),
      ),
    );
}
