/**
 * The forecast: what the advanced player expects the other runners to do over its next moves. Each other
 * runner is expected to finish after about as many turns as its solitaire outlook says (stretched by a
 * pace factor, since nobody plays alone), spread out by an uncertainty that grows with the distance; in
 * between it advances steadily. From that the forecast derives, for each of the player's future moves
 * and each square, the chances of each race position (for lettuces, number squares and hare results),
 * the finishing limit, and how much finishing on that move is worth.
 */
import type { GameState } from '../rules/index';
import { FINISH } from './board-facts';
import { nearestCarrotSquare, type HareContext } from './hare-outcomes';
import { middlingTable, seatRounds } from './outlook';

export interface ForecastTuning {
  /** Real races take longer than the solitaire outlook: expected turns = pace x outlook. */
  pace: number;
  /** Spread of another runner's finishing turn: base + slope x expected turns. */
  finishSpreadBase: number;
  finishSpreadSlope: number;
  /** Spread (in squares) of another runner's position per move ahead. */
  positionSpreadPerMove: number;
  /** Weight of "beating more runners" next to winning, so a lost race is still run well. */
  placeWeight: number;
  /** A small reward for every move saved, so even a hopeless race is run as fast as it can be. */
  timeWeight: number;
}

export const DEFAULT_TUNING: ForecastTuning = {
  pace: 1.15,
  finishSpreadBase: 1,
  finishSpreadSlope: 0.15,
  positionSpreadPerMove: 0.35,
  placeWeight: 0.05,
  timeWeight: 1e-4,
};

interface Rival {
  position: number;
  /** Expected index of the rival's finishing move, counting its next move as 0. */
  finishMove: number;
  finishSpread: number;
}

export interface Forecast {
  readonly seats: number;
  /** Moves planned ahead; move 0 is the one being chosen. */
  readonly horizon: number;
  /** The worth (0..1+) of finishing on move `move` (fractional moves interpolate). */
  finishWorth(move: number): number;
  /** Carrots the player may keep when finishing on move `move`. */
  finishLimit(move: number): number;
  /** P(race position = r) standing on `square` at the start of move `move`, for r = 1..seats (index r). */
  rankChances(move: number, square: number): Float64Array;
  /** The typical counts a hare result would use on `square` during move `move`. */
  hareContext(move: number, square: number): HareContext;
}

const WORTH_STEPS_PER_MOVE = 8;
/** Finishing later than this many moves ahead is worth what finishing then is worth. */
const WORTH_GRID_MOVES = 160;

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function rivalsOf(state: GameState, me: number, tuning: ForecastTuning): Rival[] {
  const rivals: Rival[] = [];
  const table = middlingTable(state);
  state.seats.forEach((seat, index) => {
    if (index === me || seat.place !== null) return;
    const rounds = seatRounds(state, index, table);
    rivals.push({
      position: seat.position,
      finishMove: Math.max(0, tuning.pace * rounds - 1),
      finishSpread: tuning.finishSpreadBase + tuning.finishSpreadSlope * rounds,
    });
  });
  return rivals;
}

/** P(the rival has not finished before my move `move`), i.e. I would still beat it finishing then. */
function stillRunning(rival: Rival, move: number): number {
  const logisticScale = 0.55 * rival.finishSpread;
  return logistic((rival.finishMove + 0.5 - move) / logisticScale);
}

function projectedPosition(rival: Rival, move: number): number {
  const share = Math.min(1, move / (rival.finishMove + 1));
  return rival.position + (FINISH - rival.position) * share;
}

/** P(the rival is ahead of a runner standing on `square` at my move `move`). */
function aheadChance(rival: Rival, move: number, square: number, tuning: ForecastTuning): number {
  if (move === 0) return rival.position > square ? 1 : 0;
  const running = stillRunning(rival, move);
  const spread = tuning.positionSpreadPerMove * move;
  const onBoardAhead = logistic((projectedPosition(rival, move) - square) / spread);
  return 1 - running + running * onBoardAhead;
}

class RaceForecast implements Forecast {
  readonly seats: number;
  private readonly rivals: Rival[];
  private readonly finished: number;
  private readonly ranks: Float64Array;
  private readonly contexts: HareContext[] = [];
  /** finishWorth on a fine grid of moves, filled on demand and interpolated (it is read very often). */
  private readonly worths: Float64Array;

  constructor(
    private readonly state: GameState,
    me: number,
    readonly horizon: number,
    private readonly tuning: ForecastTuning,
  ) {
    this.seats = state.seats.length;
    this.rivals = rivalsOf(state, me, tuning);
    this.finished = state.finishOrder.length;
    this.worths = new Float64Array(WORTH_GRID_MOVES * WORTH_STEPS_PER_MOVE + 2).fill(NaN);
    this.ranks = new Float64Array((horizon + 2) * FINISH * (this.seats + 1));
    for (let move = 0; move <= horizon + 1; move++) {
      for (let square = 0; square < FINISH; square++) this.fillRanks(move, square);
    }
  }

  private offset(move: number, square: number): number {
    return (move * FINISH + square) * (this.seats + 1);
  }

  /** The distribution of the number of runners ahead (Poisson-binomial), shifted to race positions. */
  private fillRanks(move: number, square: number): void {
    let ahead = new Float64Array(this.seats + 1);
    ahead[this.finished] = 1;
    for (const rival of this.rivals) {
      const chance = aheadChance(rival, move, square, this.tuning);
      const next = new Float64Array(this.seats + 1);
      for (let count = 0; count < this.seats; count++) {
        const p = ahead[count] as number;
        next[count] = (next[count] as number) + p * (1 - chance);
        next[count + 1] = (next[count + 1] as number) + p * chance;
      }
      ahead = next;
    }
    const base = this.offset(move, square);
    for (let count = 0; count < this.seats; count++) this.ranks[base + count + 1] = ahead[count] as number;
  }

  rankChances(move: number, square: number): Float64Array {
    const base = this.offset(Math.min(move, this.horizon + 1), square);
    return this.ranks.subarray(base, base + this.seats + 1);
  }

  private expectedFinishedBy(move: number): number {
    return this.rivals.reduce((sum, rival) => sum + 1 - stillRunning(rival, move), this.finished);
  }

  finishLimit(move: number): number {
    if (this.state.rules === 'classic') return 20;
    return 10 * (1 + Math.floor(this.expectedFinishedBy(move) + 0.25));
  }

  finishWorth(move: number): number {
    const step = Math.min(Math.max(0, move) * WORTH_STEPS_PER_MOVE, WORTH_GRID_MOVES * WORTH_STEPS_PER_MOVE);
    const below = Math.floor(step);
    const low = this.gridWorth(below);
    return below === step ? low : low + (step - below) * (this.gridWorth(below + 1) - low);
  }

  private gridWorth(step: number): number {
    let worth = this.worths[step] as number;
    if (Number.isNaN(worth)) {
      worth = this.exactFinishWorth(step / WORTH_STEPS_PER_MOVE);
      this.worths[step] = worth;
    }
    return worth;
  }

  private exactFinishWorth(move: number): number {
    if (this.rivals.length === 0) return 1 - this.tuning.timeWeight * move;
    let all = 1;
    let sum = 0;
    for (const rival of this.rivals) {
      const beaten = stillRunning(rival, move);
      all *= beaten;
      sum += beaten;
    }
    const place = sum / this.rivals.length;
    const canWin = this.finished === 0;
    return (canWin ? all : 0) + this.tuning.placeWeight * place - this.tuning.timeWeight * move;
  }

  hareContext(move: number, square: number): HareContext {
    const key = Math.min(move, this.horizon + 1) * FINISH + square;
    let context = this.contexts[key];
    if (!context) {
      context = this.buildHareContext(move, square);
      this.contexts[key] = context;
    }
    return context;
  }

  private buildHareContext(move: number, square: number): HareContext {
    const chances = this.rankChances(move, square);
    let expectedAhead = 0;
    chances.forEach((chance, rank) => (expectedAhead += rank > 0 ? chance * (rank - 1) : 0));
    const inFront = Math.round(expectedAhead);
    const others = this.seats - 1;
    const positions = this.rivals.map((rival) => projectedPosition(rival, move));
    const behind = positions.filter((position) => position < square);
    const ahead = positions.filter((position) => position > square);
    const dropBackTo = behind.length > 0 ? Math.max(0, Math.floor(Math.max(...behind)) - 1) : null;
    const moveUpTo = ahead.length > 0 ? Math.ceil(Math.min(...ahead)) + 1 : null;
    return {
      behind: others - inFront,
      inFront,
      othersWithCarrots: this.rivals.length,
      rank: 1 + inFront,
      carrotBehindTo: nearestCarrotSquare(square, -1),
      carrotAheadTo: nearestCarrotSquare(square, 1),
      dropBackTo,
      moveUpTo: moveUpTo !== null && moveUpTo < FINISH ? moveUpTo : null,
    };
  }
}

/** The forecast for the seat to act in `state`, over `horizon` moves. */
export function forecastFor(
  state: GameState,
  horizon: number,
  tuning: ForecastTuning = DEFAULT_TUNING,
): Forecast {
  return new RaceForecast(state, state.current, horizon, tuning);
}
