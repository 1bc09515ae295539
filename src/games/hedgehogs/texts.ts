/** What Hedgehogs in a Hurry players read: log lines, status, hand, rules, summary figures. */
import type { Language } from '../../i18n/index';
import type { Figure, GameTexts, TextContext } from '../contract';
import { GOAL, ROWS, TO_WIN, inGoal, isHeldSquare, stackAt, topAt } from './rules/board';
import { forwardMoves, sidesteps } from './rules/moves';
import type { Action, GameEvent, GameState } from './rules/types';
import {
  capitalised,
  columnName,
  inColumn,
  seatName,
  squareName,
  words,
  type Translate,
} from './hedgehogs-words';

function nameOf(ctx: TextContext, seat: number): string {
  return seatName(words(ctx.language), ctx.names, seat);
}

/**
 * The round shown to players: the one being played, or the one the game ended in. The summary's chart has a
 * point after each round, and one more when a win ends a round early: its last point is this round too.
 */
export function roundNumber(state: GameState): number {
  return state.phase === 'over' && state.winner === null ? state.round : state.round + 1;
}

function forwardLine(t: Translate, event: Extract<GameEvent, { type: 'forward' }>, ctx: TextContext): string {
  const from = event.col === 0 ? t('fromColumn.start') : t('fromColumn.number', { col: event.col });
  const to = event.col + 1 === GOAL ? t('toColumn.goal') : t('toColumn.number', { col: event.col + 1 });
  const values = { name: nameOf(ctx, event.seat), row: event.row, from, to };
  return event.owner === event.seat
    ? t('log.forwardOwn', values)
    : t('log.forwardOther', { ...values, owner: nameOf(ctx, event.owner) });
}

export function describeEvent(event: GameEvent, _state: GameState, ctx: TextContext): string | null {
  const t = words(ctx.language);
  switch (event.type) {
    case 'place':
      return t('log.place', { name: nameOf(ctx, event.seat), row: event.row });
    case 'roll':
      return t('log.roll', { name: nameOf(ctx, event.seat), die: event.die });
    case 'noSidestep':
      return event.possible ? t('log.noSidestep', { name: nameOf(ctx, event.seat) }) : null;
    case 'sidestep':
      return t('log.sidestep', {
        name: nameOf(ctx, event.seat),
        row: event.row,
        to: event.to,
        column: inColumn(t, event.col),
      });
    case 'forward':
      return forwardLine(t, event, ctx);
    case 'noForward':
      return t('log.noForward', { row: event.row, name: nameOf(ctx, event.seat) });
    case 'released':
      return t('log.released', { row: event.row, col: event.col });
    case 'goal':
      return t('log.goal', { name: nameOf(ctx, event.owner), count: event.count });
    case 'win':
      return t('log.win', { name: nameOf(ctx, event.seat), goal: TO_WIN });
    case 'turnLimit':
      return t('log.turnLimit', { count: event.rounds });
  }
}

export function actionLabel(action: Action, language?: Language): string {
  const t = words(language);
  switch (action.type) {
    case 'place':
      return t('action.place', { row: action.row });
    case 'sidestep':
      return t('action.sidestep', {
        square: capitalised(squareName(t, action.row, action.col)),
        to: action.to,
      });
    case 'no-sidestep':
      return t('action.noSidestep');
    case 'forward':
      return t('action.forward', {
        square: capitalised(squareName(t, action.row, action.col)),
        column: columnName(t, action.col + 1),
      });
  }
}

/** The rules in the language (Markdown, under 3,800 characters). */
export function rules(language?: Language): string {
  return words(language)('rules');
}

function heldCount(state: GameState, seat: number): number {
  let held = 0;
  for (let row = 1; row <= ROWS; row++) {
    const col = state.obstacles[row - 1]!;
    if (isHeldSquare(state, row, col))
      held += stackAt(state, row, col).filter((owner) => owner === seat).length;
  }
  return held;
}

export function status(state: GameState, ctx: TextContext): string[] {
  const t = words(ctx.language);
  const goal = inGoal(state);
  const lines = goal.map((count, seat) => {
    const held = heldCount(state, seat);
    const heldText = held === 1 ? t('status.heldOne') : held ? t('status.heldMany', { held }) : '';
    return `${t('status.goal', { name: nameOf(ctx, seat), goal: count })}${heldText}`;
  });
  const limit = state.options.turnLimit;
  if (state.phase === 'place') lines.push(t('status.setUp', { name: nameOf(ctx, state.current) }));
  else if (state.phase !== 'over') {
    const round = limit
      ? t('status.roundOf', { round: roundNumber(state), limit })
      : t('status.round', { round: roundNumber(state) });
    const rolled = t('status.rolled', { name: nameOf(ctx, state.current), die: state.die! });
    const optional = state.phase === 'sidestep' ? t('status.sidestepOptional') : '';
    lines.push(`${round} · ${rolled}${optional}.`);
  }
  return lines;
}

/** A square in few words for the alt text: "row 2 col 3", "row 2 start". */
function shortSquare(t: Translate, row: number, col: number): string {
  return col === 0 ? t('image.startSquare', { row }) : t('image.square', { row, col });
}

/** Where each seat's hedgehogs stand (the front ones first), for the images' alt text, after the status lines. */
export function describeImage(state: GameState, ctx: TextContext): string[] {
  const t = words(ctx.language);
  const places = Array.from({ length: state.seats }, () => [] as { col: number; text: string }[]);
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < GOAL; col++) {
      const stack = stackAt(state, row, col);
      stack.forEach((seat, height) => {
        const under = height < stack.length - 1 ? t('image.under') : '';
        places[seat]?.push({ col, text: `${shortSquare(t, row, col)}${under}` });
      });
    }
  const track = places.map((where, seat) => {
    const sorted = [...where].sort((a, b) => b.col - a.col).map((place) => place.text);
    return t('image.track', { name: nameOf(ctx, seat), places: sorted.join(', ') || t('image.none') });
  });
  const obstacles = t('image.obstacles', { columns: state.obstacles.join(', '), rows: ROWS });
  return [...status(state, ctx), ...track, obstacles];
}

export function hand(state: GameState, seat: number, language?: Language): string {
  const t = words(language);
  const tops: string[] = [];
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < GOAL; col++)
      if (topAt(state, row, col) === seat) tops.push(squareName(t, row, col));
  const goal = inGoal(state)[seat] ?? 0;
  const lines = [t('hand.tops', { goal, tops: tops.join(' · ') || t('hand.none') })];
  if (state.phase === 'over') return [...lines, t('hand.over')].join('\n');
  if (state.current !== seat) return [...lines, t('hand.notYourTurn')].join('\n');
  if (state.phase === 'place') return [...lines, t('hand.place')].join('\n');
  if (state.phase === 'sidestep') {
    const choices = t('hand.choices', { count: sidesteps(state, seat).length });
    const move = forwardMoves(state, seat, state.die!).length
      ? t('hand.forwardOrSidestep', { row: state.die!, choices })
      : t('hand.onlySidestep', { row: state.die!, choices });
    return [...lines, t('hand.rolled', { die: state.die!, move })].join('\n');
  }
  const moves = forwardMoves(state, seat, state.die!).map((action) => actionLabel(action, language));
  return [...lines, t('hand.forward', { row: state.die!, moves: moves.join(' · ') })].join('\n');
}

export function figures(state: GameState, seat: number, language?: Language): Figure[] {
  const t = words(language);
  const tally = state.tallies[seat];
  return [
    { label: t('figure.inGoal'), value: inGoal(state)[seat] ?? 0 },
    {
      label: t('figure.movedOthers'),
      singular: t('figure.movedOthersOne'),
      value: tally?.movedOthers ?? 0,
      note: t('figureNote.movedOthers'),
    },
    {
      label: t('figure.heldTurns'),
      singular: t('figure.heldTurnsOne'),
      value: tally?.heldTurns ?? 0,
      note: t('figureNote.heldTurns'),
    },
    { label: t('figure.sidesteps'), singular: t('figure.sidestepsOne'), value: tally?.sidesteps ?? 0 },
  ];
}

export function levelDescription(level: string, language?: Language): string {
  const t = words(language);
  return level === 'novice' || level === 'advanced' ? t(`level.${level}`) : t('level.unknown', { level });
}

export const hedgehogTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: (action, _state, language) => actionLabel(action, language),
  rules: (_options, language) => rules(language),
  status,
  describeImage,
  hand: (state, seat, ctx) => hand(state, seat, ctx.language),
  figures,
  levelDescription,
  optionsSummary: (options, language) =>
    words(language)(options.obstacles === 'random' ? 'optionsSummary.random' : 'optionsSummary.published'),
  seatNoun: 'player',
  footerHint: '/hedgehogs hand lists your choices',
  handButton: true,
};
