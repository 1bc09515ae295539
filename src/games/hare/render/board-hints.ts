/** The hints for the seat to act: its legal target squares with their cost or gain, and its other choices. */
import type { Language } from '../../../i18n/index';
import { explainTarget, raceRank, type Action, type GameState } from '../rules/index';
import { hareWords } from '../hare-words';
import { drawPill, inset, strokeRoundRect, type Context } from '../../draw/shapes';
import { MIN_TEXT_SIZE, squareRect } from './layout';
import { COST, GAIN, TARGET_RING } from './palette';
import type { BoardRenderOptions } from './types';
import type { Visibility } from './visibility';

/** Targets give the acting seat's reach (and so its carrots) away: by default only who may see those see them. */
export function targetsShown(state: GameState, options: BoardRenderOptions, seen: Visibility): boolean {
  if (state.over) return false;
  return options.showTargets ?? seen.carrotsVisible(state.current);
}

function signed(carrots: number): string {
  if (carrots > 0) return `+${carrots}`;
  return carrots < 0 ? `−${-carrots}` : '0';
}

function drawTarget(ctx: Context, state: GameState, square: number): void {
  const { carrots } = explainTarget(state, state.current, square);
  const rect = squareRect(square);
  strokeRoundRect(ctx, inset(rect, 1), 10, '#1b1b1b', 7);
  strokeRoundRect(ctx, inset(rect, 1), 10, TARGET_RING, 4);
  // On the bottom edge, clear of the square's number (a target square holds no runner).
  drawPill(ctx, signed(carrots), rect.x + rect.width - 2, rect.y + rect.height - 3, {
    fill: carrots >= 0 ? GAIN : COST,
    size: MIN_TEXT_SIZE,
    rim: true,
  });
}

/** Rings every square the seat to act may move to and labels it with the carrots it costs or earns. */
export function drawTargets(ctx: Context, state: GameState, actions: readonly Action[]): void {
  for (const action of actions) if (action.type === 'move') drawTarget(ctx, state, action.to);
}

/** The choices of the seat to act in words, e.g. "Move to a ringed square · take or pay 10 carrots". */
export function choicesHint(state: GameState, actions: readonly Action[], language?: Language): string {
  const { t } = hareWords(language);
  const has = (test: (action: Action) => boolean) => actions.some(test);
  const take = has((a) => a.type === 'carrots' && a.amount > 0);
  const pay = has((a) => a.type === 'carrots' && a.amount < 0);
  const words: string[] = [];
  if (has((a) => a.type === 'eat'))
    words.push(t('board.eat', { carrots: 10 * raceRank(state, state.current) }));
  if (take || pay) words.push(t(take && pay ? 'board.takeOrPay' : take ? 'board.take' : 'board.pay'));
  if (has((a) => a.type === 'skip')) words.push(t('board.skip'));
  if (state.pending === 'chew-carrot') return t('board.chew', { choices: words.join(' · ') });
  if (!has((a) => a.type === 'move'))
    return words.length > 0 ? t('board.must', { choices: words.join(' · ') }) : '';
  return [t('board.moveRinged'), ...words].join(' · ');
}
