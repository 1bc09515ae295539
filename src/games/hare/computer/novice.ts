import {
  FINISH,
  finishLimit,
  legalActions,
  nextInt,
  squareKind,
  type Action,
  type GameState,
  type RngState,
} from '../rules/index';

/** Rule 4 of the Novice player: from square 56 on, with more than 36 carrots, head for carrot square 59. */
const LATE_SQUARE = 56;
const LATE_CARROTS = 36;
const SQUARE_59 = 59;

type MoveAction = Extract<Action, { type: 'move' }>;

function forwardMoves(actions: Action[], from: number): MoveAction[] {
  return actions.filter((action): action is MoveAction => action.type === 'move' && action.to > from);
}

function nearestLettuceAhead(moves: MoveAction[]): MoveAction | undefined {
  const lettuceMoves = moves.filter((move) => squareKind(move.to) === 'lettuce');
  return lettuceMoves.reduce<MoveAction | undefined>(
    (best, move) => (!best || move.to < best.to ? move : best),
    undefined,
  );
}

/**
 * The classic Novice player from the 2007 course document, rule by rule (docs/rules/hare.md):
 * 1. on a lettuce square, allowed to eat: eat;
 * 2. the finish is a legal move: finish;
 * 3. a lettuce square ahead is a legal move: go to the nearest one;
 * 4. on square 56 or beyond with more than 36 carrots: go to carrot square 59 if legal;
 *    on a carrot square with more carrots than the finish allows: pay 10;
 * 5. otherwise a legal action chosen uniformly at random from `rng` (the only use of the stream).
 */
export function chooseNoviceAction(state: GameState, rng: RngState): Action {
  const actions = legalActions(state);
  const seat = state.seats[state.current];
  if (!seat || actions.length === 0) throw new Error('the novice player was asked to act in a finished game');
  const eat = actions.find((action) => action.type === 'eat');
  if (eat) return eat;
  const moves = forwardMoves(actions, seat.position);
  const finish = moves.find((move) => move.to === FINISH);
  if (finish) return finish;
  const lettuce = nearestLettuceAhead(moves);
  if (lettuce) return lettuce;
  if (seat.position >= LATE_SQUARE && seat.carrots > LATE_CARROTS) {
    const to59 = moves.find((move) => move.to === SQUARE_59);
    if (to59) return to59;
  }
  if (squareKind(seat.position) === 'carrot' && seat.carrots > finishLimit(state)) {
    const pay = actions.find((action) => action.type === 'carrots' && action.amount === -10);
    if (pay) return pay;
  }
  return actions[nextInt(rng, actions.length)] as Action;
}
