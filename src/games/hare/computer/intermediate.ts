/**
 * The intermediate player: a two-move lookahead. It tries each legal action, then each of its own
 * possible next moves (hare cards and dice averaged over their chances), and values where that leaves it
 * by the solitaire outlook: the rounds still needed for the remaining distance, lettuces and finishing
 * limit with the carrots in hand. Rounds are turned into a chance of finishing before the others with
 * the same forecast the advanced player uses, which also says what race position it will likely hold
 * for lettuces and number squares next turn. It does not plan further, nor around other runners' moves.
 */
import { legalActions, STARTING_CARROTS, type Action, type GameState, type SeatState } from '../rules/index';
import { costOf, FINISH, kindOf, payingRanks, tortoiseBehindOf } from './board-facts';
import { forecastFor, type Forecast } from './forecast';
import { hareOutcomes, type HareContext, type HareOutcome } from './hare-outcomes';
import { hareContextAt, middlingTable, rankAt } from './outlook';
import type { SolitaireTable } from './solitaire';

/** Moves looked at: this one and the next. */
const LOOKAHEAD_MOVES = 2;

interface Runner {
  square: number;
  carrots: number;
  lettuces: number;
  ateHere: boolean;
}

interface Lookahead {
  state: GameState;
  forecast: Forecast;
  table: SolitaireTable;
}

export interface WorthAction {
  action: Action;
  worth: number;
}

/** Beyond the lookahead: the outlook's rounds from the start of move `move`, valued by the forecast. */
function leafWorth(look: Lookahead, move: number, runner: Runner): number {
  const rounds = look.table.value(runner.square, runner.carrots, runner.lettuces, runner.ateHere);
  return look.forecast.finishWorth(move - 1 + rounds);
}

/** The worth of arriving on `square` before move `move` starts (a number square may pay then). */
function arrivalWorth(
  look: Lookahead,
  move: number,
  square: number,
  carrots: number,
  lettuces: number,
): number {
  const runner = { square, carrots, lettuces, ateHere: false };
  const paying = payingRanks(square);
  // Also at the end of the lookahead: a number square pays at the start of the next move (measured: wins
  // 85% of 2,000 games against three novices, against 81% when the outlook alone valued such arrivals).
  if (paying.length === 0 || move > LOOKAHEAD_MOVES) return startWorth(look, move, runner);
  const chances = look.forecast.rankChances(move, square);
  let unpaid = 1;
  let worth = 0;
  for (const rank of paying) {
    const chance = chances[rank] ?? 0;
    if (chance === 0) continue;
    unpaid -= chance;
    worth += chance * startWorth(look, move, { ...runner, carrots: carrots + 10 * rank });
  }
  return worth + unpaid * startWorth(look, move, runner);
}

function eatWorth(look: Lookahead, move: number, runner: Runner): number {
  const chances = look.forecast.rankChances(move, runner.square);
  let worth = 0;
  chances.forEach((chance, rank) => {
    if (rank === 0 || chance === 0) return;
    const fed = {
      ...runner,
      carrots: runner.carrots + 10 * rank,
      lettuces: runner.lettuces - 1,
      ateHere: true,
    };
    worth += chance * startWorth(look, move + 1, fed);
  });
  return worth;
}

/** The worth of one hare outcome of a move made during move `move`. */
function hareOutcomeWorth(look: Lookahead, move: number, outcome: HareOutcome): number {
  const { position, carrots, lettuces } = outcome;
  if (outcome.chew) {
    const take = arrivalWorth(look, move + 1, position, carrots + 10, lettuces);
    return carrots >= 10
      ? Math.max(take, arrivalWorth(look, move + 1, position, carrots - 10, lettuces))
      : take;
  }
  if (outcome.roundDelta > 0) return arrivalWorth(look, move + 2, position, carrots, lettuces);
  // Playing again saves a move; valued by the outlook alone, as a full lookahead could nest without end.
  if (outcome.roundDelta < 0)
    return leafWorth(look, move, { square: position, carrots, lettuces, ateHere: false });
  return arrivalWorth(look, move + 1, position, carrots, lettuces);
}

function hareWorth(
  look: Lookahead,
  move: number,
  arrival: { to: number; left: number; lettuces: number; paid: number },
  context: HareContext,
): number {
  const { to, left, lettuces, paid } = arrival;
  let worth = 0;
  for (const outcome of hareOutcomes(look.state.rules, to, left, lettuces, paid, context)) {
    worth += outcome.weight * hareOutcomeWorth(look, move, outcome);
  }
  return worth;
}

/** The worth of moving forward from `runner` to `to` during move `move`, given the hare context there. */
function forwardWorth(
  look: Lookahead,
  move: number,
  runner: Runner,
  to: number,
  context: () => HareContext,
): number {
  const cost = costOf(to - runner.square);
  const left = runner.carrots - cost;
  if (to === FINISH) return look.forecast.finishWorth(move);
  if (kindOf(to) !== 'hare') return arrivalWorth(look, move + 1, to, left, runner.lettuces);
  return hareWorth(look, move, { to, left, lettuces: runner.lettuces, paid: cost }, context());
}

/** The forward moves a runner could make alone on the board (no square is occupied). */
function soloForwardMoves(look: Lookahead, move: number, runner: Runner): number[] {
  const targets: number[] = [];
  for (let to = runner.square + 1; to <= FINISH && costOf(to - runner.square) <= runner.carrots; to++) {
    const kind = kindOf(to);
    if (kind === 'tortoise' || (kind === 'lettuce' && runner.lettuces === 0)) continue;
    const left = runner.carrots - costOf(to - runner.square);
    if (to === FINISH && (runner.lettuces > 0 || left > look.forecast.finishLimit(move))) continue;
    targets.push(to);
  }
  return targets;
}

/** The best worth from the start of move `move` (after any payout), choosing among solo actions. */
function startWorth(look: Lookahead, move: number, runner: Runner): number {
  if (move >= LOOKAHEAD_MOVES) return leafWorth(look, move, runner);
  const { square, carrots, lettuces, ateHere } = runner;
  const canEat = kindOf(square) === 'lettuce' && !ateHere && lettuces > 0;
  if (canEat && look.state.rules === 'standard') return eatWorth(look, move, runner);
  const options: number[] = canEat ? [eatWorth(look, move, runner)] : [];
  if (kindOf(square) === 'carrot') {
    options.push(startWorth(look, move + 1, { ...runner, carrots: carrots + 10, ateHere: false }));
    if (carrots >= 10)
      options.push(startWorth(look, move + 1, { ...runner, carrots: carrots - 10, ateHere: false }));
  }
  const tortoise = tortoiseBehindOf(square);
  if (tortoise !== null)
    options.push(arrivalWorth(look, move + 1, tortoise, carrots + 10 * (square - tortoise), lettuces));
  for (const to of soloForwardMoves(look, move, runner)) {
    options.push(forwardWorth(look, move, runner, to, () => look.forecast.hareContext(move, to)));
  }
  if (options.length > 0) return Math.max(...options);
  return look.state.rules === 'standard'
    ? arrivalWorth(look, move + 1, 0, STARTING_CARROTS, lettuces)
    : startWorth(look, move + 1, runner);
}

/** The worth of a legal action now, on the real board. */
function actionWorth(look: Lookahead, action: Action): number {
  const { state } = look;
  const seat = state.seats[state.current] as SeatState;
  const runner = {
    square: seat.position,
    carrots: seat.carrots,
    lettuces: seat.lettuces,
    ateHere: seat.ateHere,
  };
  switch (action.type) {
    case 'move':
      if (action.to < seat.position) {
        const gain = 10 * (seat.position - action.to);
        return arrivalWorth(look, 1, action.to, seat.carrots + gain, seat.lettuces);
      }
      return forwardWorth(look, 0, runner, action.to, () => hareContextAt(state, state.current, action.to));
    case 'eat': {
      const gain = 10 * rankAt(state, state.current, seat.position);
      return startWorth(look, 1, {
        ...runner,
        carrots: seat.carrots + gain,
        lettuces: seat.lettuces - 1,
        ateHere: true,
      });
    }
    case 'carrots': {
      const carrots = seat.carrots + action.amount;
      if (state.pending === 'chew-carrot')
        return arrivalWorth(look, 1, seat.position, carrots, seat.lettuces);
      return startWorth(look, 1, { ...runner, carrots, ateHere: false });
    }
    case 'skip':
      return startWorth(look, 1, runner);
  }
}

/** Every legal action with its worth, best first (ties keep the engine's order). */
export function intermediateActions(state: GameState): WorthAction[] {
  const actions = legalActions(state);
  if (actions.length <= 1) return actions.map((action) => ({ action, worth: 0 }));
  const forecast = forecastFor(state, LOOKAHEAD_MOVES);
  const look = { state, forecast, table: middlingTable(state) };
  const scored = actions.map((action) => ({ action, worth: actionWorth(look, action) }));
  return scored.sort((a, b) => b.worth - a.worth);
}

export function chooseIntermediateAction(state: GameState): Action {
  const best = intermediateActions(state)[0];
  if (!best) throw new Error('the intermediate player was asked to act in a finished game');
  return best.action;
}
