/** Simple deterministic players for playout tests (independent of the computer players, so its changes do not move goldens). */
import {
  FINISH,
  finishLimit,
  legalActions,
  nextInt,
  squareKind,
  type Action,
  type GameState,
  type RngState,
} from '../../../../src/games/hare/rules/index';

function pickOne(actions: Action[], chooser: RngState): Action {
  const action = actions[nextInt(chooser, actions.length)];
  if (action === undefined) throw new Error('no legal action to choose from');
  return action;
}

/** Uniformly random among the legal actions. */
export function randomChoice(state: GameState, chooser: RngState): Action {
  return pickOne(legalActions(state), chooser);
}

/**
 * Finishes whenever it can; otherwise half the time plays towards the finish (eat, reach a lettuce, shed
 * carrots, a short step forward), half the time picks any legal action. Random play alone almost never
 * finishes, so this reaches the end-game rules far more often.
 */
export function mixedChoice(state: GameState, chooser: RngState): Action {
  const actions = legalActions(state);
  const seat = state.seats[state.current];
  if (seat === undefined) throw new Error('no seat to act');
  const finish = actions.find((action) => action.type === 'move' && action.to === FINISH);
  if (finish) return finish;
  if (nextInt(chooser, 2) === 0) return pickOne(actions, chooser);
  const eat = actions.find((action) => action.type === 'eat');
  if (eat) return eat;
  const forward = actions.filter((action) => action.type === 'move' && action.to > seat.position);
  const lettuce = forward.find((action) => action.type === 'move' && squareKind(action.to) === 'lettuce');
  if (lettuce && seat.lettuces > 0) return lettuce;
  const pay = actions.find((action) => action.type === 'carrots' && action.amount === -10);
  if (pay && seat.lettuces === 0 && seat.carrots > finishLimit(state)) return pay;
  return forward.length > 0 ? pickOne(forward.slice(0, 4), chooser) : pickOne(actions, chooser);
}
