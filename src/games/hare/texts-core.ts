import type { Language } from '../../i18n/index';
import {
  explainTarget,
  finishLimit,
  legalActions,
  type Action,
  type GameState,
  type RulesName,
  type TargetExplanation,
} from './rules/index';
import { semicolonIn } from '../../i18n/punctuation';
import { squareNameIn } from './rules/describe';
import { hareWords, type HareWords } from './hare-words';

/** A legal move target of the seat to act, with what it costs or earns. */
export interface TargetChoice {
  square: number;
  label: string;
  explanation: TargetExplanation;
}

function carrotText(words: HareWords, carrots: number): string {
  if (carrots < 0) return words.t('target.costs', { carrots: -carrots });
  if (carrots > 0) return words.t('target.earns', { carrots });
  return words.t('target.free');
}

/** "finish", "carrot", "number 3". */
export function squareName(square: number, language?: Language): string {
  return squareNameIn(hareWords(language), square);
}

/** "12 · number 3 · costs 21", "11 · tortoise (back) · earns 30". */
export function targetLabel(explanation: TargetExplanation, from: number, language?: Language): string {
  const words = hareWords(language);
  const key = explanation.square < from ? 'target.labelBack' : 'target.label';
  return words.t(key, {
    square: explanation.square,
    name: squareName(explanation.square, language),
    carrots: carrotText(words, explanation.carrots),
  });
}

/** The legal moves of the seat to act, nearest first. */
export function moveTargets(state: GameState, language?: Language): TargetChoice[] {
  const seat = state.seats[state.current];
  if (!seat) return [];
  return legalActions(state)
    .filter((action): action is Extract<Action, { type: 'move' }> => action.type === 'move')
    .map((action) => {
      const explanation = explainTarget(state, state.current, action.to);
      return { square: action.to, label: targetLabel(explanation, seat.position, language), explanation };
    })
    .sort(
      (a, b) =>
        Math.abs(a.square - seat.position) - Math.abs(b.square - seat.position) || a.square - b.square,
    );
}

/** A short button or menu label for an action. */
export function actionLabel(state: GameState, action: Action, language?: Language): string {
  const words = hareWords(language);
  const { t } = words;
  const seat = state.seats[state.current];
  switch (action.type) {
    case 'move':
      return seat && action.to < seat.position
        ? t('action.back', { square: action.to, carrots: words.carrots(10 * (seat.position - action.to)) })
        : t('action.move', { square: action.to });
    case 'eat':
      return t('action.eat');
    case 'carrots':
      return t(action.amount > 0 ? 'action.take' : 'action.pay');
    case 'skip':
      return t('action.skip');
  }
}

/** The private summary of one seat: carrots, lettuces, and where it can go. */
export function handText(state: GameState, seatIndex: number, language?: Language): string {
  const words = hareWords(language);
  const { t } = words;
  const seat = state.seats[seatIndex];
  if (!seat) return t('hand.noRunner');
  if (seat.place !== null) return t('hand.finished', { place: words.ordinal(seat.place) });
  const holding = { carrots: words.carrots(seat.carrots), lettuces: words.lettuces(seat.lettuces) };
  const lines = [
    seat.position === 0
      ? t('hand.atStart', holding)
      : t('hand.onSquare', {
          ...holding,
          square: seat.position,
          name: squareName(seat.position, language),
        }),
    t('hand.toFinish', { carrots: words.carrots(finishLimit(state)) }),
  ];
  if (state.current !== seatIndex) {
    lines.push(t('hand.notYourTurn'));
    return lines.join('\n');
  }
  const others = legalActions(state).filter((a) => a.type !== 'move');
  const targets = moveTargets(state, language);
  if (others.length > 0)
    // the buttons by their labels, in bold as a reply names a button (src/bot/board-labels.ts)
    lines.push(
      t('hand.youCan', { actions: others.map((a) => `**${actionLabel(state, a, language)}**`).join(', ') }),
    );
  lines.push(
    targets.length > 0
      ? t('hand.moves', {
          moves: `${targets
            .slice(0, 20)
            .map((target) => target.label)
            .join(semicolonIn(language))}${targets.length > 20 ? `${semicolonIn(language)}…` : ''}`,
        })
      : t('hand.noMove'),
  );
  return lines.join('\n');
}

const COMMON_RULES = ['race', 'landing', 'carrotLettuce', 'numbers'];
const RULE_SET_TEXT: Record<RulesName, string[]> = {
  standard: ['standardHare', 'standardLettuce', 'standardFinish', 'standardStuck'],
  classic: ['classicHare', 'classicLettuce', 'classicFinish', 'classicStuck'],
};

export function rulesText(rules: RulesName, language?: Language): string {
  const { t } = hareWords(language);
  const lines = [...COMMON_RULES, ...RULE_SET_TEXT[rules]].map((key) => `• ${t(`rules.${key}`)}`);
  return [t(`rules.${rules}Title`), ...lines].join('\n');
}
