/** Hare & Tortoise's texts for the platform: log lines, labels, rules, status, the private hand, figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import {
  describeEvent,
  ordinal,
  type Action,
  type GameEvent,
  type GameState,
  type RulesName,
} from './rules/index';
import { actionLabel, handText, rulesText, squareName } from './texts-core';

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

/** The board and summary images for a screen reader: the turn, each runner's square, lettuces and place. */
function describeImage(state: GameState, ctx: TextContext): string[] {
  // Carrots stay hidden under the standard rules until the end, as on the image.
  const carrotsShown = state.rules === 'classic' || state.over;
  const runners = state.seats.map((seat, index) => {
    const where =
      seat.place !== null
        ? `finished ${ordinal(seat.place)}`
        : seat.position === 0
          ? 'at the start'
          : `on square ${seat.position} (${squareName(seat.position)})`;
    const carrots = carrotsShown ? `, ${seat.carrots} carrots` : '';
    return `${nameOf(ctx, index)}: ${where}, ${seat.lettuces} ${seat.lettuces === 1 ? 'lettuce' : 'lettuces'} left${carrots}.`;
  });
  const turn = state.over
    ? `The race is over after turn ${state.turn}.`
    : `Turn ${state.turn}: ${nameOf(ctx, state.current)} to play.`;
  return [turn, ...runners];
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
  describeImage,
  hand: (state, seat) => handText(state, seat),
  figures,
  levelDescription: (level) => LEVEL_TEXT[level] ?? level,
  boardTitle: (state, ctx) => `🐇 Turn ${state.turn} — ${nameOf(ctx, state.current)} to play`,
  optionsSummary: (options) => RULES_TITLE[rulesName(options)],
  seatNoun: 'runner',
  footerHint: '/hare hand shows your carrots and moves',
  handButton: true,
};
