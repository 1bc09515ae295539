/**
 * The words of the "your turn" mention: what the player can do now (the button when there is only one, the
 * play commands that fit the moment) and what the others did since the player's own last move.
 */
import type { AnyGameModule, Control } from '../../games/contract';
import { slashCommand } from '../../games/index';
import { DEFAULT_LANGUAGE, messageWords, type Language } from '../../i18n/index';
import type { PlayerView } from '../../service/index';
import { chooseMoveLabel, controlsArePrivate } from '../controls';

/** "`/greed roll`", "`/greed roll` or `/greed stop`", "`/hare move`, `/hare back` or `/hare eat`". */
function commandList(module: AnyGameModule, names: readonly string[], language: Language): string {
  const shown = names.map((name) => `\`${slashCommand(module, language, name)}\``);
  const last = shown.pop();
  if (shown.length === 0) return last ?? '';
  return messageWords(language)('turn.list', { list: shown.join(', '), last: last! });
}

/** The play commands the seat can use now (a command that does not say is taken as always usable). */
export function availableCommands(module: AnyGameModule, state: unknown, seat: number): string[] {
  return module.commands
    .filter((command) => command.available?.(state, seat) ?? true)
    .map((command) => command.name);
}

/**
 * "press **Eat a lettuce** under the board or use `/hare eat`", "choose under the board or use `/greed roll` or
 * `/greed stop`": the hint of the turn mention, for the seat to act, from its own view (seatView).
 */
export function turnHint(
  module: AnyGameModule,
  view: PlayerView,
  seat: number,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const t = messageWords(language);
  // Private controls show one Choose your move button under the board (see private-controls.ts).
  const controls: Control<unknown>[] = controlsArePrivate(module, view, seat)
    ? [{ kind: 'button', label: chooseMoveLabel(language), style: 'primary', action: null }]
    : module.controls.rows(view, seat, language).flat();
  const only = controls.length === 1 ? controls[0] : undefined;
  const board = only?.kind === 'button' ? t('turn.press', { label: only.label }) : t('turn.choose');
  const commands = availableCommands(module, view, seat);
  if (commands.length === 0) return board;
  const list = commandList(module, commands, language);
  return controls.length > 0
    ? t('turn.boardOrCommands', { board, commands: list })
    : t('turn.commands', { commands: list });
}

/** How many of the others' lines the mention shows (the latest). */
const SHOWN_LINES = 6;
/** How many lines are remembered per seat. */
const KEPT_LINES = 50;

interface LoggedLine {
  text: string;
  /** Written by the seat's own move. */
  own: boolean;
}

/** For every seat, the log lines since its player's last own move began: what the mention reports. */
export class LinesSinceLastTurn {
  private readonly bySeat = new Map<number, LoggedLine[]>();

  /**
   * One update's lines. `actingSeat` moved; `ownMove` when the move was its player's (made by them, or played for
   * them: a forced move, the idle timeout), not a computer's. `seats` are the game's seats. A player's own move
   * starts their list again.
   */
  add(lines: readonly string[], actingSeat: number | null, ownMove: boolean, seats: readonly number[]): void {
    if (actingSeat !== null && ownMove) this.bySeat.set(actingSeat, []);
    for (const seat of seats) {
      const own = ownMove && seat === actingSeat;
      const kept = this.bySeat.get(seat) ?? [];
      kept.push(...lines.map((text) => ({ text, own })));
      this.bySeat.set(seat, kept.slice(-KEPT_LINES));
    }
  }

  /** What the others did since the seat's last own move (the latest lines, oldest first). */
  othersFor(seat: number): string[] {
    const lines = (this.bySeat.get(seat) ?? []).filter((line) => !line.own).map((line) => line.text);
    return lines.slice(-SHOWN_LINES);
  }
}

/** "\nSince your last turn:\n• …": the others' latest lines, or nothing when there are none. */
export function sinceLastTurnText(lines: readonly string[], language: Language = DEFAULT_LANGUAGE): string {
  if (lines.length === 0) return '';
  return `\n${messageWords(language)('turn.since')}\n${lines.map((line) => `• ${line}`).join('\n')}`;
}
