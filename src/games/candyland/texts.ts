/** What players read: log lines, status, rules, figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import { cardName, type Card } from './rules/cards';
import { CASTLE } from './rules/track';
import type { Action, GameEvent, GameState } from './rules/types';

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? `Player ${seat + 1}`;
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
}

function spaceName(space: number): string {
  if (space === 0) return 'the start';
  return space === CASTLE ? 'the Candy Castle' : String(space);
}

/** A space in a move's arrow: "start", a number, or "the Candy Castle". */
function arrowEnd(space: number): string {
  return space === 0 ? 'start' : spaceName(space);
}

function describeDraw(event: Extract<GameEvent, { type: 'draw' }>, ctx: TextContext): string {
  const name = nameOf(ctx, event.seat);
  const card: Card = event.card;
  const move = `${arrowEnd(event.from)} → ${arrowEnd(event.landing)}`;
  if (!('picture' in card)) return `${name} draws ${cardName(card)}: ${move}`;
  const picture = cardName(card);
  if (event.landing < event.from)
    return `The ${picture} card sends ${name} back from ${event.from} to ${event.landing}`;
  if (event.landing === event.from) return `${name} draws the ${picture} card and stays on ${event.from}`;
  return `${name} draws the ${picture} card: ${move}`;
}

export function describeEvent(event: GameEvent, _state: GameState, ctx: TextContext): string | null {
  switch (event.type) {
    case 'draw':
      return describeDraw(event, ctx);
    case 'shortcut':
      return `${nameOf(ctx, event.seat)} takes the ${event.name} to ${event.to}`;
    case 'licorice':
      return `${nameOf(ctx, event.seat)} is stuck on licorice and loses the next turn`;
    case 'lostTurn':
      return `${nameOf(ctx, event.seat)} loses this turn to licorice`;
    case 'reshuffle':
      return `The discard pile (${plural(event.cards, 'card')}) is shuffled into a new draw pile`;
    case 'win':
      return `${nameOf(ctx, event.seat)} reaches the Candy Castle and wins!`;
    case 'turnLimit':
      return `The turn limit of ${plural(event.rounds, 'round')} is reached: no winner`;
  }
}

export const RULES = `**Candy Land**: race from the start to the Candy Castle (space 133). There are no decisions: every turn you draw a card.
- **Colour card**: move to the next space of that colour ahead. **Double**: to the second one. If there are not enough spaces of that colour ahead, you reach the Candy Castle.
- **Picture card** (cupcake, ice cream, star, gingerbread, lollipop, ice pop, chocolate): move straight to that picture's space, forward or **backward**.
- **Shortcuts**: landing on 4 by a colour card takes the Rainbow Trail to 60; landing on 29 takes the Gumdrop Pass to 41.
- **Licorice** (spaces 45 and 76): you lose your next turn.
- The deck has 64 cards (35 single, 22 double, 7 pictures); when it runs out, the discard pile is shuffled into a new deck.
- The first pawn on the Candy Castle wins; the others are placed by how far along they are. With a turn limit, the game stops after that many rounds with no winner, everyone placed by position.
- Your draw is played for you after a few seconds if you do not press **Draw**.
- \`/candyland simulate\` plays many games without the bot and shows how long games last.`;

export function status(state: GameState, ctx: TextContext): string[] {
  const lines = state.positions.map((position, seat) => {
    const stuck = state.loseTurn[seat] ? ' (loses the next turn)' : '';
    return `${nameOf(ctx, seat)}: ${spaceName(position)}${stuck}`;
  });
  const limit = state.turnLimit ? ` of ${state.turnLimit}` : '';
  lines.push(
    `Round ${state.round + (state.over ? 0 : 1)}${limit} · ${plural(state.draws, 'card')} drawn · ${plural(state.drawPile.length, 'card')} left in the deck`,
  );
  if (!state.over) lines.push(`${nameOf(ctx, state.current)} draws next.`);
  return lines;
}

/** The board and summary images for a screen reader: each pawn's space on the way to the castle, then the round. */
export function describeImage(state: GameState, ctx: TextContext): string[] {
  const pawns = state.positions.map((position, seat) => {
    const where =
      position === 0
        ? 'at the start'
        : position === CASTLE
          ? 'in the Candy Castle'
          : `on space ${position} of ${CASTLE}`;
    const stuck = state.loseTurn[seat] ? ', loses the next turn' : '';
    return `${nameOf(ctx, seat)}: ${where}${stuck}.`;
  });
  return [...pawns, ...status(state, ctx).slice(state.positions.length)];
}

export function hand(state: GameState, seat: number): string {
  const position = state.positions[seat] ?? 0;
  if (position === CASTLE) return 'Candy Land has no hand: your pawn is in the Candy Castle.';
  const stuck = state.loseTurn[seat] ? ' You are stuck on licorice and lose your next turn.' : '';
  const left = plural(CASTLE - position, 'space');
  return `Candy Land has no hand: you are on ${spaceName(position)}, ${left} from the castle.${stuck}`;
}

/** Figures read after their value ("3 cards drawn", "1 shortcut"), as the platform shows them. */
export function figures(state: GameState, seat: number): Figure[] {
  const tally = state.tallies[seat];
  return [
    { label: 'cards drawn', singular: 'card drawn', value: tally?.cardsDrawn ?? 0 },
    { label: 'shortcuts', singular: 'shortcut', value: tally?.shortcuts ?? 0 },
    { label: 'licorice stops', singular: 'licorice stop', value: tally?.licorice ?? 0 },
    { label: 'times sent back', singular: 'time sent back', value: tally?.sentBack ?? 0 },
  ];
}

export const candyTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: () => 'Draw a card',
  rules: RULES,
  status,
  describeImage,
  hand: (state, seat) => hand(state, seat),
  figures,
  levelDescription: (level) =>
    level === 'auto' ? 'auto: draws a card (Candy Land has no decisions)' : `${level}: unknown level`,
  seatNoun: 'pawn',
  footerHint: 'Press Draw, or wait: your card is drawn for you.',
};
