/** Hare & Tortoise's texts for the platform: log lines, labels, rules, status, the private hand, figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import { describeEvent, type Action, type GameEvent, type GameState, type RulesName } from './rules/index';
import { actionLabel, handText, rulesText } from './texts-core';

const LEVEL_TEXT: Record<string, string> = {
  novice: 'novice: plays by simple rules of thumb',
  intermediate: 'intermediate: looks two moves ahead',
  advanced: 'advanced: plans the whole race, weighing the hare cards and dice',
};

const RULES_TITLE: Record<RulesName, string> = { standard: 'standard rules', classic: 'classic rules' };

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? `Seat ${seat + 1}`;
}

function figures(state: GameState, seat: number): Figure[] {
  const stats = state.seats[seat]?.stats;
  if (!stats) return [];
  return [
    { label: 'turns', singular: 'turn', value: stats.turns },
    { label: 'carrots spent', singular: 'carrot spent', value: stats.carrotsSpent },
    { label: 'carrots earned', singular: 'carrot earned', value: stats.carrotsEarned },
    { label: 'lettuces eaten', singular: 'lettuce eaten', value: stats.lettucesEaten },
    { label: 'hare results', singular: 'hare result', value: stats.hareResults },
  ];
}

function rulesName(options: Readonly<Record<string, string | number>>): RulesName {
  return options.rules === 'classic' ? 'classic' : 'standard';
}

export const hareTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent: (event, state, ctx) =>
    describeEvent(event, {
      name: (seat) => nameOf(ctx, seat),
      hideCarrots: () => state.rules === 'standard' && !ctx.reveal,
    }),
  actionLabel: (action, state) => actionLabel(state, action),
  rules: (options) => rulesText(rulesName(options)),
  status: (state, ctx) => [`Turn ${state.turn}: ${nameOf(ctx, state.current)} to play.`],
  hand: (state, seat) => handText(state, seat),
  figures,
  levelDescription: (level) => LEVEL_TEXT[level] ?? level,
  boardTitle: (state, ctx) => `🐇 Turn ${state.turn} — ${nameOf(ctx, state.current)} to play`,
  optionsSummary: (options) => RULES_TITLE[rulesName(options)],
  seatNoun: 'runner',
  footerHint: '/hare hand shows your carrots and moves',
  handButton: true,
};
