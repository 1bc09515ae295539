/** What Greed's players read: log lines, status, the private hand with the odds, rules, summary figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import { GREEDINESS } from './computer/thresholds';
import { chanceBelow } from './rules/odds';
import { awaitsEntry } from './rules/game';
import type { Action, GameEvent, GameState, GreedOptions } from './rules/types';
import { OPTION_RANGES } from './rules/options';

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? `Player ${seat + 1}`;
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

function points(value: number): string {
  return value.toLocaleString('en-US');
}

function percent(chance: number): string {
  if (chance > 0 && chance < 0.001) return 'under 0.1%';
  return `${(chance * 100).toFixed(1)}%`;
}

function describeRoll(event: Extract<GameEvent, { type: 'roll' }>, ctx: TextContext): string {
  const name = nameOf(ctx, event.seat);
  const dice = event.dice.join(' ');
  if (event.turnTotal === 0) return `${name} rolls ${dice}: ${points(event.score)}`;
  const left = event.hotDice
    ? `hot dice! all ${dieWord(event.diceInCup)} back in the cup`
    : `${dieWord(event.diceInCup)} left`;
  return `${name} rolls ${dice}: ${points(event.score)} · turn total ${points(event.turnTotal)}, ${left}`;
}

function describeBust(event: Extract<GameEvent, { type: 'bust' }>, ctx: TextContext): string {
  const name = nameOf(ctx, event.seat);
  const lost = event.lost > 0 ? `, loses ${points(event.lost)}` : '';
  if (event.reason === 'entry')
    return `${name} busts: below the ${points(event.entry)} needed to enter${lost}`;
  return `${name} busts${lost}`;
}

export function describeEvent(event: GameEvent, state: GameState, ctx: TextContext): string | null {
  switch (event.type) {
    case 'roll':
      return describeRoll(event, ctx);
    case 'bust':
      return describeBust(event, ctx);
    case 'bank': {
      // Without an entry score, every player is in the game from the start.
      const entered = event.entered && state.options.entry > 0 ? ' and enters the game' : '';
      return `${nameOf(ctx, event.seat)} stops, banks ${points(event.points)}${entered}: score ${points(event.score)}`;
    }
    case 'finalRound':
      return `${nameOf(ctx, event.seat)} reaches ${points(event.score)}: the final round begins, everyone after them plays one more turn`;
    case 'end':
      return event.reason === 'target'
        ? `The final round is over after ${plural(event.rounds, 'round')}`
        : `The turn limit of ${plural(event.rounds, 'round')} is reached`;
  }
}

function dieWord(count: number): string {
  return count === 1 ? '1 die' : `${count} dice`;
}

export function rulesText(options: Readonly<Record<string, string | number>>): string {
  const dice = Number(options.dice ?? OPTION_RANGES.dice.default);
  const faces = Number(options.faces ?? OPTION_RANGES.faces.default);
  const entry = Number(options.entry ?? OPTION_RANGES.entry.default);
  const target = Number(options.target ?? OPTION_RANGES.target.default);
  return [
    `**Greed**: ${dieWord(dice)} with ${faces} faces; first to bank **${points(target)}** starts the final round.`,
    '- **Roll** the dice. Three of a kind score 100 × the face (three 1s: 1,000); each other 1 scores 100 and each other 5 scores 50. The scoring dice are set aside.',
    '- A roll that scores nothing is a **bust**: the turn total is lost and the turn ends.',
    '- After a roll that scores, **Stop** to bank the turn total, or **Roll** the free dice. If every die has scored, all of them go back in the cup (**hot dice**).',
    entry > 0
      ? `- **Entry**: until you have banked points, the first roll of your turn must score at least ${points(entry)}, or it busts.`
      : '- No entry minimum: any scoring roll counts from the start.',
    `- When someone ends a turn with ${points(target)} or more, everyone after them in the round plays one last turn. The highest score wins; equal scores share a place.`,
    '- `/greed hand` shows privately what your turn stands at and the odds of busting on the next roll.',
  ].join('\n');
}

export function status(state: GameState, ctx: TextContext): string[] {
  const lines = state.scores.map((score, seat) => {
    const entry = awaitsEntry(state, seat) ? ' (not entered)' : '';
    return `${nameOf(ctx, seat)}: ${points(score)}${entry}`;
  });
  const final = state.finalRound ? ' · **final round**' : '';
  const limit = state.options.turnLimit ? ` of ${points(state.options.turnLimit)}` : '';
  lines.push(
    `Round ${state.round + (state.over ? 0 : 1)}${limit} · target ${points(state.options.target)}${final}`,
  );
  if (!state.over) {
    const turn = state.rolled ? `turn total ${points(state.turnTotal)}, ` : '';
    lines.push(`${nameOf(ctx, state.current)} to play: ${turn}${dieWord(state.diceInCup)} in the cup.`);
  }
  return lines;
}

/** The chance that the next roll busts, and why. */
export function nextRollBust(state: GameState, seat: number): { chance: number; entryRoll: boolean } {
  const entryRoll = !state.rolled && awaitsEntry(state, seat);
  const minimum = entryRoll ? state.options.entry : 1;
  return { chance: chanceBelow(state.diceInCup, state.options.faces, minimum), entryRoll };
}

export function hand(state: GameState, seat: number): string {
  const banked = state.scores[seat] ?? 0;
  const bankedLine = `You have banked **${points(banked)}**${awaitsEntry(state, seat) ? ' (not entered yet)' : ''}.`;
  if (state.over || state.current !== seat) return `${bankedLine} It is not your turn.`;
  const { chance, entryRoll } = nextRollBust(state, seat);
  const cup = dieWord(state.diceInCup);
  const odds = entryRoll
    ? `Your first roll must score ${points(state.options.entry)} to enter: with ${cup} the chance of falling short is **${percent(chance)}**.`
    : `Rolling ${cup} busts with a chance of **${percent(chance)}**.`;
  const turn = state.rolled
    ? `Your turn stands at **${points(state.turnTotal)}** (stop to bank it: ${points(banked + state.turnTotal)}).`
    : 'Your turn starts: roll.';
  return [bankedLine, turn, odds].join('\n');
}

export function figures(state: GameState, seat: number): Figure[] {
  const tally = state.tallies[seat];
  const bestTurn = tally?.bestTurn ?? 0;
  return [
    { label: 'turns', singular: 'turn', value: tally?.turns ?? 0 },
    { label: 'busts', singular: 'bust', value: tally?.busts ?? 0 },
    bestTurn > 0
      ? { label: 'in the best turn', value: points(bestTurn) }
      : { label: 'banked', value: 'nothing' },
    { label: 'hot-dice rolls', singular: 'hot-dice roll', value: tally?.hotDice ?? 0 },
  ];
}

function thresholdDescription(level: keyof typeof GREEDINESS): string {
  const { aim, fewDice, fullCup } = GREEDINESS[level];
  return `stops at ${points(aim)} (${points(fewDice)} with 1–2 dice left); after hot dice rolls on below ${points(fullCup)}`;
}

const LEVEL_DESCRIPTIONS: Record<string, string> = {
  cautious: `cautious: ${thresholdDescription('cautious')}; more careful after busts`,
  steady: `steady: ${thresholdDescription('steady')}; bolder when far behind`,
  greedy: `greedy: ${thresholdDescription('greedy')}; bolder when far behind`,
  expert: 'expert: plays to win from the exact odds of every roll, the scores and the final round',
};

export function optionsSummary(options: Readonly<Record<string, string | number>>): string {
  const value = (name: keyof GreedOptions & keyof typeof OPTION_RANGES) =>
    Number(options[name] ?? OPTION_RANGES[name].default);
  const entry = value('entry') > 0 ? `entry ${points(value('entry'))}` : 'no entry minimum';
  return `${dieWord(value('dice'))} of ${value('faces')} · ${entry} · target ${points(value('target'))}`;
}

export const greedTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: (action, state) =>
    action.type === 'roll' ? 'Roll' : `Stop and bank ${points(state.turnTotal)}`,
  rules: rulesText,
  status,
  hand: (state, seat) => hand(state, seat),
  figures,
  levelDescription: (level) => LEVEL_DESCRIPTIONS[level] ?? `${level}: unknown level`,
  optionsSummary,
  footerHint: '/greed hand shows your odds of busting',
  handButton: true,
};
