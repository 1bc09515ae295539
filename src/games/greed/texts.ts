/** What Greed's players read: log lines, status, the private hand with the odds, rules, summary figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import type { Language, Translate } from '../../i18n/index';
import { GREEDINESS } from './computer/thresholds';
import { chanceBelow } from './rules/odds';
import { awaitsEntry } from './rules/game';
import type { Action, GameEvent, GameState, GreedOptions } from './rules/types';
import { OPTION_RANGES } from './rules/options';
import { formatNumber } from '../draw/image-words';
import { diceWord, greedWords, isRefusalCode, refusalText } from './greed-words';

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? greedWords(ctx.language)('player', { number: seat + 1 });
}

/** A chance to one decimal, by locale: "79.4%", "79,4 %", "under 0.1%". */
function percent(t: Translate, chance: number, language?: Language): string {
  const format = (value: number) =>
    t('hand.percent', {
      value: value.toLocaleString(language === 'en' || !language ? 'en-US' : language, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
    });
  if (chance > 0 && chance < 0.001) return t('hand.under', { percent: format(0.1) });
  return format(chance * 100);
}

function describeRoll(event: Extract<GameEvent, { type: 'roll' }>, ctx: TextContext): string {
  const t = greedWords(ctx.language);
  const name = nameOf(ctx, event.seat);
  const dice = event.dice.join(' ');
  if (event.turnTotal === 0) return t('log.rollFirst', { name, dice, score: event.score });
  const cup = diceWord(t, event.diceInCup);
  const left = event.hotDice ? t('log.hotDice', { dice: cup }) : t('log.left', { dice: cup });
  return t('log.roll', { name, dice, score: event.score, total: event.turnTotal, left });
}

function describeBust(event: Extract<GameEvent, { type: 'bust' }>, ctx: TextContext): string {
  const t = greedWords(ctx.language);
  const name = nameOf(ctx, event.seat);
  const { lost, entry } = event;
  if (event.reason === 'entry')
    return lost > 0 ? t('log.bustEntryLoses', { name, entry, lost }) : t('log.bustEntry', { name, entry });
  return lost > 0 ? t('log.bustLoses', { name, lost }) : t('log.bust', { name });
}

export function describeEvent(event: GameEvent, state: GameState, ctx: TextContext): string | null {
  const t = greedWords(ctx.language);
  switch (event.type) {
    case 'roll':
      return describeRoll(event, ctx);
    case 'bust':
      return describeBust(event, ctx);
    case 'bank': {
      // Without an entry score, every player is in the game from the start.
      const key = event.entered && state.options.entry > 0 ? 'log.bankEnters' : 'log.bank';
      return t(key, { name: nameOf(ctx, event.seat), points: event.points, score: event.score });
    }
    case 'finalRound':
      // The round's last player starts a final round nobody plays on in: it ends at once.
      return t(event.seat === state.seats - 1 ? 'log.finalRoundLast' : 'log.finalRound', {
        name: nameOf(ctx, event.seat),
        score: event.score,
      });
    case 'end':
      return t(event.reason === 'target' ? 'log.endTarget' : 'log.endTurnLimit', { count: event.rounds });
  }
}

export function rulesText(options: Readonly<Record<string, string | number>>, language?: Language): string {
  const t = greedWords(language);
  const dice = Number(options.dice ?? OPTION_RANGES.dice.default);
  const faces = Number(options.faces ?? OPTION_RANGES.faces.default);
  const entry = Number(options.entry ?? OPTION_RANGES.entry.default);
  const target = Number(options.target ?? OPTION_RANGES.target.default);
  return [
    t('rules.intro', { dice: diceWord(t, dice), faces, target }),
    t('rules.roll'),
    t('rules.bust'),
    t('rules.stop'),
    entry > 0 ? t('rules.entry', { entry }) : t('rules.noEntry'),
    t('rules.end', { target }),
    t('rules.hand'),
  ].join('\n');
}

export function status(state: GameState, ctx: TextContext): string[] {
  const t = greedWords(ctx.language);
  const lines = state.scores.map((score, seat) =>
    t(awaitsEntry(state, seat) ? 'status.scoreNotEntered' : 'status.score', {
      name: nameOf(ctx, seat),
      score,
    }),
  );
  const round = state.round + (state.over ? 0 : 1);
  const limit = state.options.turnLimit;
  lines.push(
    [
      limit ? t('status.roundOf', { round, limit }) : t('status.round', { round }),
      t('status.target', { target: state.options.target }),
      ...(state.finalRound ? [t('status.finalRound')] : []),
    ].join(' · '),
  );
  if (!state.over) {
    const name = nameOf(ctx, state.current);
    const cup = diceWord(t, state.diceInCup);
    lines.push(
      state.rolled
        ? t('status.toPlayTurn', { name, total: state.turnTotal, cup })
        : t('status.toPlay', { name, cup }),
    );
  }
  return lines;
}

/** The chance that the next roll busts, and why. */
export function nextRollBust(state: GameState, seat: number): { chance: number; entryRoll: boolean } {
  const entryRoll = !state.rolled && awaitsEntry(state, seat);
  const minimum = entryRoll ? state.options.entry : 1;
  return { chance: chanceBelow(state.diceInCup, state.options.faces, minimum), entryRoll };
}

export function hand(state: GameState, seat: number, language?: Language): string {
  const t = greedWords(language);
  const banked = state.scores[seat] ?? 0;
  const bankedLine = t(awaitsEntry(state, seat) ? 'hand.bankedNotEntered' : 'hand.banked', { score: banked });
  if (state.over || state.current !== seat) return `${bankedLine} ${t('hand.notYourTurn')}`;
  const { chance, entryRoll } = nextRollBust(state, seat);
  const cup = diceWord(t, state.diceInCup);
  const odds = entryRoll
    ? t('hand.entryOdds', { entry: state.options.entry, cup, chance: percent(t, chance, language) })
    : t('hand.odds', { cup, chance: percent(t, chance, language) });
  const turn = state.rolled
    ? t('hand.turn', { total: state.turnTotal, after: banked + state.turnTotal })
    : t('hand.start');
  return [bankedLine, turn, odds].join('\n');
}

export function figures(state: GameState, seat: number, language?: Language): Figure[] {
  const t = greedWords(language);
  const tally = state.tallies[seat];
  const bestTurn = tally?.bestTurn ?? 0;
  return [
    { label: t('figures.turns'), singular: t('figures.turn'), value: tally?.turns ?? 0 },
    {
      label: t('figures.busts'),
      singular: t('figures.bust'),
      value: tally?.busts ?? 0,
      note: t('figureNote.busts'),
    },
    bestTurn > 0
      ? { label: t('figures.bestTurn'), value: formatNumber(bestTurn, language) }
      : { label: t('figures.banked'), value: t('figures.nothing') },
    {
      label: t('figures.hotDiceRolls'),
      singular: t('figures.hotDiceRoll'),
      value: tally?.hotDice ?? 0,
      note: t('figureNote.hotDiceRolls'),
    },
  ];
}

const LEVEL_KEYS: Record<string, 'cautious' | 'steady' | 'greedy' | 'expert'> = {
  cautious: 'cautious',
  steady: 'steady',
  greedy: 'greedy',
  expert: 'expert',
};

export function levelDescription(level: string, language?: Language): string {
  const t = greedWords(language);
  const key = LEVEL_KEYS[level];
  if (!key) return t('levels.unknown', { level });
  if (key === 'expert') return t('levels.expert');
  const threshold = t('levels.threshold', { ...GREEDINESS[key] });
  return t(`levels.${key}`, { threshold });
}

export function optionsSummary(
  options: Readonly<Record<string, string | number>>,
  language?: Language,
): string {
  const t = greedWords(language);
  const value = (name: keyof GreedOptions & keyof typeof OPTION_RANGES) =>
    Number(options[name] ?? OPTION_RANGES[name].default);
  const entry = value('entry') > 0 ? t('options.entry', { entry: value('entry') }) : t('options.noEntry');
  return t('options.summary', {
    dice: diceWord(t, value('dice')),
    faces: value('faces'),
    entry,
    target: value('target'),
  });
}

export const greedTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: (action, state, language) =>
    action.type === 'roll'
      ? greedWords(language)('actions.roll')
      : greedWords(language)('actions.stop', { total: state.turnTotal }),
  rules: rulesText,
  status,
  hand: (state, seat, ctx) => hand(state, seat, ctx?.language),
  figures,
  levelDescription,
  optionsSummary,
  refusal: (code, language) => (isRefusalCode(code) ? refusalText(code, language) : null),
  footerHint: '/greed hand shows your odds of busting',
  handButton: true,
};
