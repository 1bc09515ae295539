/**
 * The advanced player: the race planner's exact expectimax over its own moves against a forecast of the
 * others, with the move being chosen now judged on the real board (real race position, real hare context).
 */
import { legalActions, type Action, type GameState, type SeatState } from '../rules/index';
import { costOf, FINISH, kindOf } from './board-facts';
import { DEFAULT_TUNING, forecastFor, type ForecastTuning } from './forecast';
import { hareOutcomes } from './hare-outcomes';
import { hareContextAt, middlingTable, rankAt, seatRounds } from './outlook';
import { planRace, type RacePlan } from './race-planner';

export interface AdvancedOptions {
  /** The most moves the race planner looks ahead (its search budget: work grows in proportion). */
  maxHorizon: number;
}

export const DEFAULT_ADVANCED_OPTIONS: AdvancedOptions = { maxHorizon: 16 };

const MIN_HORIZON = 1;

/**
 * The advanced player expects the others to need just their solitaire outlook's turns: pace 1 won most
 * often in tuning runs against the intermediate (pace 0.9 to 1.3 tried, 200 to 400 games each).
 */
const ADVANCED_TUNING: ForecastTuning = { ...DEFAULT_TUNING, pace: 1 };

export interface ScoredAction {
  action: Action;
  worth: number;
}

/** Enough moves to see the finish in most cases, within the budget. */
function horizonFor(state: GameState, options: AdvancedOptions): number {
  const rounds = seatRounds(state, state.current, middlingTable(state));
  return Math.max(MIN_HORIZON, Math.min(options.maxHorizon, Math.ceil(rounds) + 4));
}

function hareMoveWorth(state: GameState, plan: RacePlan, to: number, left: number, paid: number): number {
  const seat = state.seats[state.current] as SeatState;
  const context = hareContextAt(state, state.current, to);
  let total = 0;
  for (const outcome of hareOutcomes(state.rules, to, left, seat.lettuces, paid, context)) {
    const { position, carrots, lettuces } = outcome;
    let worth: number;
    if (outcome.chew) {
      const take = plan.layer(1).arrive(position, carrots + 10, lettuces);
      worth = carrots >= 10 ? Math.max(take, plan.layer(1).arrive(position, carrots - 10, lettuces)) : take;
    } else if (outcome.roundDelta > 0) {
      worth = plan.layer(2).arrive(position, carrots, lettuces);
    } else if (outcome.roundDelta < 0) {
      worth = plan.layer(0).start(position, carrots, lettuces, false);
    } else {
      worth = plan.layer(1).arrive(position, carrots, lettuces);
    }
    total += outcome.weight * worth;
  }
  return total;
}

/** The worth (chance of winning, roughly) of taking `action` now. */
function actionWorth(state: GameState, plan: RacePlan, action: Action): number {
  const seat = state.seats[state.current] as SeatState;
  const { position, carrots, lettuces } = seat;
  const next = plan.layer(1);
  switch (action.type) {
    case 'move': {
      if (action.to < position)
        return next.arrive(action.to, carrots + 10 * (position - action.to), lettuces);
      const cost = costOf(action.to - position);
      if (action.to === FINISH) return plan.forecast.finishWorth(0);
      if (kindOf(action.to) === 'hare') return hareMoveWorth(state, plan, action.to, carrots - cost, cost);
      return next.arrive(action.to, carrots - cost, lettuces);
    }
    case 'eat':
      return next.start(position, carrots + 10 * rankAt(state, state.current, position), lettuces - 1, true);
    case 'carrots':
      return state.pending === 'chew-carrot'
        ? next.arrive(position, carrots + action.amount, lettuces)
        : next.start(position, carrots + action.amount, lettuces, false);
    case 'skip':
      return next.start(position, carrots, lettuces, seat.ateHere);
  }
}

/** Every legal action with its worth, best first (ties keep the engine's order). */
export function advancedActions(
  state: GameState,
  options: AdvancedOptions = DEFAULT_ADVANCED_OPTIONS,
): ScoredAction[] {
  const actions = legalActions(state);
  if (actions.length <= 1) return actions.map((action) => ({ action, worth: 0 }));
  const seat = state.seats[state.current] as SeatState;
  const forecast = forecastFor(state, horizonFor(state, options), ADVANCED_TUNING);
  const plan = planRace({ rules: state.rules, position: seat.position, lettuces: seat.lettuces, forecast });
  const scored = actions.map((action) => ({ action, worth: actionWorth(state, plan, action) }));
  return scored.sort((a, b) => b.worth - a.worth);
}

export function chooseAdvancedAction(
  state: GameState,
  options: AdvancedOptions = DEFAULT_ADVANCED_OPTIONS,
): Action {
  const best = advancedActions(state, options)[0];
  if (!best) throw new Error('the advanced player was asked to act in a finished game');
  return best.action;
}
