/** What players read: log lines, status, rules, figures. */
import type { Language } from '../../i18n/index';
import type { Figure, GameTexts, TextContext } from '../contract';
import type { Card } from './rules/cards';
import { CASTLE } from './rules/track';
import type { Action, GameEvent, GameState } from './rules/types';
import { cardName, seatName, shortcutName, spaceName, words, type Translate } from './candyland-words';

function nameOf(ctx: TextContext, seat: number): string {
  return seatName(words(ctx.language), ctx.names, seat);
}

/** A space in a move's arrow: "start", a number, or "the Candy Castle". */
function arrowEnd(t: Translate, space: number): string {
  if (space === 0) return t('space.startShort');
  return space === CASTLE ? t('space.castleArrow') : String(space);
}

function describeDraw(event: Extract<GameEvent, { type: 'draw' }>, ctx: TextContext): string {
  const t = words(ctx.language);
  const name = nameOf(ctx, event.seat);
  const card: Card = event.card;
  const move = `${arrowEnd(t, event.from)} → ${arrowEnd(t, event.landing)}`;
  if (!('picture' in card)) return t('log.draw', { name, card: cardName(t, card), move });
  const picture = cardName(t, card);
  if (event.landing < event.from)
    return t('log.sentBack', { picture, name, from: event.from, to: event.landing });
  if (event.landing === event.from) return t('log.stays', { name, picture, from: event.from });
  return t('log.drawPicture', { name, picture, move });
}

export function describeEvent(event: GameEvent, _state: GameState, ctx: TextContext): string | null {
  const t = words(ctx.language);
  switch (event.type) {
    case 'draw':
      return describeDraw(event, ctx);
    case 'shortcut':
      return t('log.shortcut', {
        name: nameOf(ctx, event.seat),
        shortcut: shortcutName(t, event.name),
        to: event.to,
      });
    case 'licorice':
      return t('log.licorice', { name: nameOf(ctx, event.seat) });
    case 'lostTurn':
      return t('log.lostTurn', { name: nameOf(ctx, event.seat) });
    case 'reshuffle':
      return t('log.reshuffle', { count: event.cards });
    case 'win':
      return t('log.win', { name: nameOf(ctx, event.seat) });
    case 'turnLimit':
      return t('log.turnLimit', { count: event.rounds });
  }
}

/** The rules in the language (Markdown, under 3,800 characters). */
export function rules(language?: Language): string {
  return words(language)('rules');
}

export const RULES = rules();

export function status(state: GameState, ctx: TextContext): string[] {
  const t = words(ctx.language);
  const lines = state.positions.map((position, seat) => {
    const stuck = state.loseTurn[seat] ? t('status.stuck') : '';
    return `${t('status.seat', { name: nameOf(ctx, seat), space: spaceName(t, position) })}${stuck}`;
  });
  // A win ends the game mid-round, in the round the board was showing; only the turn limit ends it on a
  // complete round.
  const round = state.round + (state.over && state.winner === null ? 0 : 1);
  const roundText = state.turnLimit
    ? t('status.roundOf', { round, limit: state.turnLimit })
    : t('status.round', { round });
  const drawn = t('status.drawn', { count: state.draws });
  const left = t('status.left', { count: state.drawPile.length });
  lines.push(`${roundText} · ${drawn} · ${left}`);
  if (!state.over) lines.push(t('status.next', { name: nameOf(ctx, state.current) }));
  return lines;
}

/** The board and summary images for a screen reader: each pawn's space on the way to the castle, then the round. */
export function describeImage(state: GameState, ctx: TextContext): string[] {
  const t = words(ctx.language);
  const pawns = state.positions.map((position, seat) => {
    const where =
      position === 0
        ? t('image.start')
        : position === CASTLE
          ? t('image.castle')
          : t('image.space', { space: position, castle: CASTLE });
    const stuck = state.loseTurn[seat] ? t('image.stuck') : '';
    return t('image.seat', { name: nameOf(ctx, seat), where, stuck });
  });
  return [...pawns, ...status(state, ctx).slice(state.positions.length)];
}

export function hand(state: GameState, seat: number, language?: Language): string {
  const t = words(language);
  const position = state.positions[seat] ?? 0;
  if (position === CASTLE) return t('hand.castle');
  const stuck = state.loseTurn[seat] ? t('hand.stuck') : '';
  return `${t('hand.on', {
    space: position === 0 ? t('hand.start') : String(position),
    count: CASTLE - position,
  })}${stuck}`;
}

/** Figures read after their value ("3 cards drawn", "1 shortcut"), as the platform shows them. */
export function figures(state: GameState, seat: number, language?: Language): Figure[] {
  const t = words(language);
  const tally = state.tallies[seat];
  return [
    { label: t('figure.cardsDrawn'), singular: t('figure.cardDrawn'), value: tally?.cardsDrawn ?? 0 },
    { label: t('figure.shortcuts'), singular: t('figure.shortcut'), value: tally?.shortcuts ?? 0 },
    {
      label: t('figure.licoriceStops'),
      singular: t('figure.licoriceStop'),
      value: tally?.licorice ?? 0,
      note: t('figureNote.licoriceStops'),
    },
    {
      label: t('figure.timesSentBack'),
      singular: t('figure.timeSentBack'),
      value: tally?.sentBack ?? 0,
      note: t('figureNote.timesSentBack'),
    },
  ];
}

export const candyTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: (_action, _state, language) => words(language)('action.draw'),
  rules: (_options, language) => rules(language),
  status,
  describeImage,
  hand: (state, seat, ctx) => hand(state, seat, ctx.language),
  figures,
  levelDescription: (level, language) =>
    level === 'auto' ? words(language)('level.auto') : words(language)('level.unknown', { level }),
  seatNoun: 'pawn',
  footerHint: 'Press Draw, or wait: your card is drawn for you.',
};
