/** What Hedgehogs in a Hurry players read: log lines, status, hand, rules, summary figures. */
import type { Figure, GameTexts, TextContext } from '../contract';
import { GOAL, ROWS, inGoal, isHeldSquare, stackAt, topAt } from './rules/board';
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
      return `no hedgehog can move in row ${event.row}: ${nameOf(ctx, event.seat)}'s turn ends`;
    case 'released':
      return `the obstacle in row ${event.row} (column ${event.col}) no longer holds: every hedgehog has passed it`;
    case 'goal':
      return `${nameOf(ctx, event.owner)} has ${plural(event.count, 'hedgehog')} in the goal`;
    case 'win':
      return `${nameOf(ctx, event.seat)} has three hedgehogs home and wins!`;
    case 'turnLimit':
      return `the turn limit of ${plural(event.rounds, 'round')} is reached`;
  }
}

export function actionLabel(action: Action): string {
  switch (action.type) {
    case 'place':
      return `Row ${action.row}`;
    case 'sidestep':
      return `Row ${action.row}, ${columnName(action.col)} → row ${action.to}`;
    case 'no-sidestep':
      return 'No sidestep';
    case 'forward':
      return `Row ${action.row}, ${columnName(action.col)} → ${columnName(action.col + 1)}`;
  }
}

export const RULES = `**Hedgehogs in a Hurry**: race 3 of your 4 hedgehogs across the 6 × 9 board into the goal (the right-hand column).
- **Set-up**: in turn, each player places a hedgehog in the start column: in one of the lowest rows whose top hedgehog is not yours.
- **Your turn**: the die is rolled for you and names a row. First you may **sidestep**: move one of your own top hedgehogs one row up or down (same column). Then you **must move a hedgehog forward** one column in the rolled row: your own if you have a top one there, otherwise someone else's. No movable hedgehog in that row: your turn ends.
- **Stacks**: a hedgehog moves onto the top of the stack it reaches; only top hedgehogs move, so burying an opponent stops them.
- **Obstacles** (dark squares, one per row): a hedgehog there is stuck while any hedgehog is still left of that column. Once every hedgehog has passed, it is an ordinary square.
- The first player with **3 hedgehogs in the goal** wins, even if someone else moved the third one in. The others are placed by hedgehogs in the goal, then by how far their hedgehogs have come.
- Controls: buttons for rows and forward moves, a menu of sidesteps, or \`/hedgehogs place|sidestep|forward\`.`;

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
    return `${nameOf(ctx, seat)}: ${count} in the goal${held ? `, ${held} held by obstacles` : ''}`;
  });
  const limit = state.options.turnLimit ? ` of ${state.options.turnLimit}` : '';
  if (state.phase === 'place') lines.push(`Set-up: ${nameOf(ctx, state.current)} places a hedgehog.`);
  else if (state.phase !== 'over')
    lines.push(
      `Round ${state.round + 1}${limit} · ${nameOf(ctx, state.current)} rolled ${state.die}: ${state.phase === 'sidestep' ? 'sidestep or not' : `forward in row ${state.die}`}.`,
    );
  return lines;
}

export function hand(state: GameState, seat: number): string {
  const tops: string[] = [];
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < GOAL; col++)
      if (topAt(state, row, col) === seat) tops.push(`row ${row} ${columnName(col)}`);
  const goal = inGoal(state)[seat] ?? 0;
  const lines = [`You have ${goal} in the goal; your hedgehogs on top: ${tops.join(', ') || 'none'}.`];
  if (state.phase === 'over' || state.current !== seat) return [...lines, 'It is not your turn.'].join('\n');
  if (state.phase === 'place')
    return [...lines, 'Place a hedgehog in one of the rows the buttons offer.'].join('\n');
  if (state.phase === 'sidestep') {
    const options = sidesteps(state, seat).length;
    return [
      ...lines,
      `You rolled ${state.die}. You may sidestep (${plural(options, 'choice')}) or not, then move forward in row ${state.die}.`,
    ].join('\n');
  }
  const moves = forwardMoves(state, seat, state.die!).map(actionLabel);
  return [...lines, `Move forward in row ${state.die}: ${moves.join(' · ')}.`].join('\n');
}

export function figures(state: GameState, seat: number): Figure[] {
  const tally = state.tallies[seat];
  return [
    { label: 'in the goal', value: inGoal(state)[seat] ?? 0 },
    { label: 'others moved', singular: 'other moved', value: tally?.movedOthers ?? 0 },
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
  hand: (state, seat) => hand(state, seat),
  figures,
  levelDescription: (level) => LEVELS[level] ?? `${level}: unknown level`,
  optionsSummary: (options) => `${options.obstacles === 'random' ? 'random' : 'published'} obstacles`,
  seatNoun: 'player',
  footerHint: '/hedgehogs hand lists your choices',
  handButton: true,
};
