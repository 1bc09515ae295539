/** What Hedgehogs in a Hurry players read: log lines, status, hand, rules, summary figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import { GOAL, ROWS, TO_WIN, inGoal, isHeldSquare, stackAt, topAt } from './rules/board';
import { forwardMoves, sidesteps } from './rules/moves';
import type { Action, GameEvent, GameState } from './rules/types';

function nameOf(ctx: TextContext, seat: number): string {
  return ctx.names[seat] ?? `Player ${seat + 1}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "column 3", "the start", "the goal". */
export function columnName(col: number): string {
  if (col === 0) return 'the start';
  return col === GOAL ? 'the goal' : `column ${col}`;
}

/** A square: "row 2 at the start", "row 2, column 3", "row 2 in the goal". */
export function squareName(row: number, col: number): string {
  if (col === 0) return `row ${row} at the start`;
  return col === GOAL ? `row ${row} in the goal` : `row ${row}, column ${col}`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The round shown to players: the one being played, or the one the game ended in. The summary's chart has a
 * point after each round, and one more when a win ends a round early: its last point is this round too.
 */
export function roundNumber(state: GameState): number {
  return state.phase === 'over' && state.winner === null ? state.round : state.round + 1;
}

function whose(ctx: TextContext, mover: number, owner: number): string {
  return owner === mover ? 'their hedgehog' : `${nameOf(ctx, owner)}'s hedgehog`;
}

export function describeEvent(event: GameEvent, _state: GameState, ctx: TextContext): string | null {
  switch (event.type) {
    case 'place':
      return `${nameOf(ctx, event.seat)} places a hedgehog in row ${event.row}`;
    case 'roll':
      return `${nameOf(ctx, event.seat)} rolls ${event.die}: row ${event.die}`;
    case 'noSidestep':
      return event.possible ? `${nameOf(ctx, event.seat)} does not sidestep` : null;
    case 'sidestep':
      return `${nameOf(ctx, event.seat)} sidesteps from row ${event.row} to row ${event.to} in ${columnName(event.col)}`;
    case 'forward':
      return `${nameOf(ctx, event.seat)} moves ${whose(ctx, event.seat, event.owner)} in row ${event.row} from ${columnName(event.col)} to ${columnName(event.col + 1)}`;
    case 'noForward':
      return `No hedgehog can move in row ${event.row}: ${nameOf(ctx, event.seat)}'s turn ends`;
    case 'released':
      return `The obstacle in row ${event.row} (column ${event.col}) no longer holds: every hedgehog has passed it`;
    case 'goal':
      return `${nameOf(ctx, event.owner)} has ${plural(event.count, 'hedgehog')} in the goal`;
    case 'win':
      return `${nameOf(ctx, event.seat)} has ${plural(TO_WIN, 'hedgehog')} in the goal and wins!`;
    case 'turnLimit':
      return `The turn limit of ${plural(event.rounds, 'round')} is reached`;
  }
}

export function actionLabel(action: Action): string {
  switch (action.type) {
    case 'place':
      return `Row ${action.row}`;
    case 'sidestep':
      return `${capitalised(squareName(action.row, action.col))} → row ${action.to}`;
    case 'no-sidestep':
      return 'No sidestep';
    case 'forward':
      return `${capitalised(squareName(action.row, action.col))} → ${columnName(action.col + 1)}`;
  }
}

export const RULES = `**Hedgehogs in a Hurry**: race 3 of your 4 hedgehogs across the 6 × 9 board into the goal (the right-hand column).
- **Set-up**: in turn, each player places a hedgehog in the start column: in one of the lowest rows whose top hedgehog is not yours.
- **Your turn**: the die is rolled for you and names a row. First you may **sidestep**: move one of your own top hedgehogs one row up or down (same column). Then you **must move a hedgehog forward** one column in the rolled row: your own if you have a top one there, otherwise someone else's. No movable hedgehog in that row: your turn ends.
- **Stacks**: a hedgehog moves onto the top of the stack it reaches; only top hedgehogs move, so burying an opponent stops them.
- **Obstacles** (one per row): a hedgehog there is stuck while any hedgehog is still left of that column. Once every hedgehog has passed, it is an ordinary square.
- The first player with **3 hedgehogs in the goal** wins, even if someone else moved the third one in. The others are placed by hedgehogs in the goal, then by how far their hedgehogs have come.
- **Board**: dark squares are obstacles that still hold, light brown ones have been passed; the circles beside each name count hedgehogs in the goal.
- Controls: buttons for rows and forward moves (a forward move chosen first skips the sidestep), a menu of sidesteps, or \`/hedgehogs place|sidestep|forward\`.`;

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
  const goal = inGoal(state);
  const lines = goal.map((count, seat) => {
    const held = heldCount(state, seat);
    const heldText = held === 1 ? ', 1 held by an obstacle' : held ? `, ${held} held by obstacles` : '';
    return `${nameOf(ctx, seat)}: ${count} in the goal${heldText}`;
  });
  const limit = state.options.turnLimit ? ` of ${state.options.turnLimit}` : '';
  if (state.phase === 'place') lines.push(`Set-up: ${nameOf(ctx, state.current)} places a hedgehog.`);
  else if (state.phase !== 'over')
    lines.push(
      `Round ${roundNumber(state)}${limit} · ${nameOf(ctx, state.current)} rolled ${state.die}: forward in row ${state.die}${state.phase === 'sidestep' ? ' (a sidestep first is optional)' : ''}.`,
    );
  return lines;
}

/** A square in few words for the alt text: "row 2 col 3", "row 2 start". */
function shortSquare(row: number, col: number): string {
  return col === 0 ? `row ${row} start` : `row ${row} col ${col}`;
}

/** Where each seat's hedgehogs stand (the front ones first), for the images' alt text, after the status lines. */
export function describeImage(state: GameState, ctx: TextContext): string[] {
  const places = Array.from({ length: state.seats }, () => [] as { col: number; text: string }[]);
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < GOAL; col++) {
      const stack = stackAt(state, row, col);
      stack.forEach((seat, height) => {
        const under = height < stack.length - 1 ? ' (under)' : '';
        places[seat]?.push({ col, text: `${shortSquare(row, col)}${under}` });
      });
    }
  const track = places.map((where, seat) => {
    const sorted = [...where].sort((a, b) => b.col - a.col).map((place) => place.text);
    return `${nameOf(ctx, seat)} on the track: ${sorted.join(', ') || 'none'}.`;
  });
  const obstacles = `Obstacles in columns ${state.obstacles.join(', ')} of rows 1 to ${ROWS}.`;
  return [...status(state, ctx), ...track, obstacles];
}

export function hand(state: GameState, seat: number): string {
  const tops: string[] = [];
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < GOAL; col++) if (topAt(state, row, col) === seat) tops.push(squareName(row, col));
  const goal = inGoal(state)[seat] ?? 0;
  const lines = [`You have ${goal} in the goal. Your hedgehogs on top: ${tops.join(' · ') || 'none'}.`];
  if (state.phase === 'over') return [...lines, 'The game is over.'].join('\n');
  if (state.current !== seat) return [...lines, 'It is not your turn.'].join('\n');
  if (state.phase === 'place')
    return [...lines, 'Place a hedgehog in one of the rows the buttons offer.'].join('\n');
  if (state.phase === 'sidestep') {
    const options = plural(sidesteps(state, seat).length, 'choice');
    const move = forwardMoves(state, seat, state.die!).length
      ? `Move a hedgehog forward in row ${state.die} (the buttons), or sidestep first (${options}, in the menu).`
      : `Nothing can move in row ${state.die} unless you sidestep into it first (${options}, in the menu); or end the turn.`;
    return [...lines, `You rolled ${state.die}. ${move}`].join('\n');
  }
  const moves = forwardMoves(state, seat, state.die!).map(actionLabel);
  return [...lines, `Move forward in row ${state.die}: ${moves.join(' · ')}.`].join('\n');
}

export function figures(state: GameState, seat: number): Figure[] {
  const tally = state.tallies[seat];
  return [
    { label: 'in the goal', value: inGoal(state)[seat] ?? 0 },
    { label: "foes' hedgehogs moved", singular: "foe's hedgehog moved", value: tally?.movedOthers ?? 0 },
    { label: 'turns held', singular: 'turn held', value: tally?.heldTurns ?? 0 },
    { label: 'sidesteps', singular: 'sidestep', value: tally?.sidesteps ?? 0 },
  ];
}

const LEVELS: Record<string, string> = {
  novice: 'novice: a random legal choice at every step',
  advanced:
    'advanced: plans its sidestep and forward move together, weighing obstacles, stacks and the rows it can move in',
};

export const hedgehogTexts: GameTexts<GameState, Action, GameEvent> = {
  describeEvent,
  actionLabel: (action) => actionLabel(action),
  rules: RULES,
  status,
  describeImage,
  hand: (state, seat) => hand(state, seat),
  figures,
  levelDescription: (level) => LEVELS[level] ?? `${level}: unknown level`,
  optionsSummary: (options) => `${options.obstacles === 'random' ? 'random' : 'published'} obstacles`,
  seatNoun: 'player',
  footerHint: '/hedgehogs hand lists your choices',
  handButton: true,
};
