import {
  FINISH,
  finishLimit,
  legalActions,
  nextInt,
  squareKind,
  type Action,
  type GameState,
  type RngState,
} from '../engine/index';

const SQUARE_59 = 59;

function findMove(actions: Action[], test: (to: number) => boolean): Action | undefined {
  return actions.find((action) => action.type === 'move' && test(action.to));
}

/**
 * The classic Novice player from the 2007 course document, in its order of rules:
 * eat, finish, nearest lettuce ahead, carrot management near the end, else a random legal action.
 */
export function chooseNoviceAction(state: GameState, rng: RngState): Action {
  const actions = legalActions(state);
  const seat = state.seats[state.current];
  if (!seat || actions.length === 0) throw new Error('the novice player was asked to act in a finished game');
  const eat = actions.find((action) => action.type === 'eat');
  if (eat) return eat;
  const finish = findMove(actions, (to) => to === FINISH);
  if (finish) return finish;
  const lettuceAhead = findMove(actions, (to) => to > seat.position && squareKind(to) === 'lettuce');
  if (lettuceAhead) return lettuceAhead;
  if (seat.position >= 56 && seat.carrots > 36) {
    const to59 = findMove(actions, (to) => to === SQUARE_59);
    if (to59) return to59;
  }
  if (squareKind(seat.position) === 'carrot' && seat.carrots > finishLimit(state)) {
    const pay = actions.find((action) => action.type === 'carrots' && action.amount === -10);
    if (pay) return pay;
  }
  return actions[nextInt(rng, actions.length)] as Action;
}
