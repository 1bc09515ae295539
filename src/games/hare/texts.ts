/** Hare & Tortoise's texts for the platform: log lines, labels, rules, status, the private hand, figures. */
import type { Language } from '../../i18n/index';
import type { Figure, GameTexts, TextContext } from '../contract';
import {
  FINISH,
  describeEvent,
  type Action,
  type GameEvent,
  type GameState,
  type RulesName,
} from './rules/index';
import { actionLabel, handText, rulesText, squareName } from './texts-core';
import { hareWords } from './hare-words';

const LEVELS = ['novice', 'intermediate', 'advanced'];

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? hareWords(ctx.language).t('seat', { number: seat + 1 });
}

const FIGURES = [
  ['turns', 'turn', (stats) => stats.turns],
  ['carrotsSpent', 'carrotSpent', (stats) => stats.carrotsSpent],
  ['carrotsEarned', 'carrotEarned', (stats) => stats.carrotsEarned],
  ['lettucesEaten', 'lettuceEaten', (stats) => stats.lettucesEaten],
  ['hareResults', 'hareResult', (stats) => stats.hareResults],
] as const satisfies readonly (readonly [
  string,
  string,
  (stats: GameState['seats'][number]['stats']) => number,
])[];

/** What a figure counts where its label alone does not say it; hare results are cards or the die's rolls. */
function figureNote(state: GameState, label: string, language?: Language): string | undefined {
  const { t } = hareWords(language);
  if (label === 'turns') return t('figureNote.turns');
  if (label === 'hareResults')
    return t(state.rules === 'classic' ? 'figureNote.hareDie' : 'figureNote.hareCards');
  return undefined;
}

function figures(state: GameState, seat: number, language?: Language): Figure[] {
  const stats = state.seats[seat]?.stats;
  if (!stats) return [];
  const { t } = hareWords(language);
  return FIGURES.map(([label, singular, value]) => {
    const note = figureNote(state, label, language);
    return {
      label: t(`figures.${label}`),
      singular: t(`figures.${singular}`),
      value: value(stats),
      ...(note ? { note } : {}),
    };
  });
}

function rulesName(options: Readonly<Record<string, string | number>>): RulesName {
  return options.rules === 'classic' ? 'classic' : 'standard';
}

/** The board and summary images for a screen reader: the turn, each runner's square, lettuces and place. */
function describeImage(state: GameState, ctx: TextContext): string[] {
  const words = hareWords(ctx.language);
  const { t } = words;
  // Carrots stay hidden under the standard rules until the end, as on the image.
  const carrotsShown = state.rules === 'classic' || state.over;
  const runners = state.seats.map((seat, index) => {
    const square =
      seat.position === 0
        ? t('image.atStart')
        : t('image.onSquare', { square: seat.position, name: squareName(seat.position, ctx.language) });
    // A runner placed at the end without reaching the finish is ranked where it stands, never "finished".
    const where =
      seat.place === null
        ? square
        : seat.position === FINISH
          ? t('image.finished', { place: words.ordinal(seat.place) })
          : // "place", "Platz", "posición": the ordinal agrees with a feminine noun where that matters.
            t('image.placed', { place: words.ordinal(seat.place, true), where: square });
    const values = { name: nameOf(ctx, index), where, lettuces: words.lettuces(seat.lettuces) };
    return carrotsShown
      ? t('image.runnerCarrots', { ...values, carrots: words.carrots(seat.carrots) })
      : t('image.runner', values);
  });
  const turn = state.over
    ? t('image.over', { turn: state.turn })
    : t('status', { turn: state.turn, name: nameOf(ctx, state.current) });
  return [turn, ...runners];
}

export const hareTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent: (event, state, ctx) =>
    describeEvent(event, {
      name: (seat) => nameOf(ctx, seat),
      hideCarrots: () => state.rules === 'standard' && !ctx.reveal,
      ...(ctx.language ? { language: ctx.language } : {}),
    }),
  actionLabel: (action, state, language) => actionLabel(state, action, language),
  rules: (options, language) => rulesText(rulesName(options), language),
  status: (state, ctx) => [
    hareWords(ctx.language).t('status', { turn: state.turn, name: nameOf(ctx, state.current) }),
  ],
  describeImage,
  hand: (state, seat, ctx) => handText(state, seat, ctx.language),
  figures,
  levelDescription: (level, language) =>
    LEVELS.includes(level) ? hareWords(language).t(`levels.${level}`) : level,
  boardTitle: (state, ctx) =>
    hareWords(ctx.language).t('boardTitle', { turn: state.turn, name: nameOf(ctx, state.current) }),
  optionsSummary: (options, language) => hareWords(language).t(`rulesTitle.${rulesName(options)}`),
  seatNoun: 'runner',
  footerHint: '/hare hand shows your carrots and moves',
  handButton: true,
};
