/**
 * The solitaire model: how many rounds, on average, one runner needs to reach the finish if it were alone
 * on the board and played perfectly. It is solved exactly (value iteration over every position, carrot
 * count and lettuce count), so it knows the endgame precisely: which squares to use to arrive with the
 * right number of carrots. It stands for the other runners only through an assumed race position: no
 * square is occupied, number squares pay nothing, a lettuce pays for the assumed race position, and hare
 * results that depend on the others use it too. The computer players correct for the real board.
 */
import { STARTING_CARROTS, type RulesName } from '../rules/index';
import * as boardFacts from './board-facts';
import {
  carrotsAfter,
  hareEffects,
  nearestCarrotSquare,
  refundShare,
  type HareContext,
  type HareEffect,
} from './hare-outcomes';

// local copies: an imported binding read in the table's inner loops costs a getter call each time under tsx
const { Code, costOf, FINISH, SQUARE_CODES, TORTOISE_SQUARE_BEHIND } = boardFacts;

/** Carrot counts above this cost extra rounds to get rid of (see `valueAt`). */
export const CARROT_CAP = 250;
/** The value of a hopeless situation (a classic runner that can never move again). */
export const HOPELESS_ROUNDS = 150;

const WIDTH = CARROT_CAP + 1;
const LETTUCE_LAYERS = 4;
const LAYER = FINISH * WIDTH;
const SIZE = LETTUCE_LAYERS * LAYER;
/** Rounds. The table is a guide; the last changes creep along hare loops in rare states (late, many lettuces). */
const TOLERANCE = 0.25;
const MAX_SWEEPS = 200;
/** Rounds per carrot above the cap: paying 10 a turn on a carrot square. */
const EXCESS_ROUNDS_PER_CARROT = 1 / 10;

export interface SolitaireParams {
  rules: RulesName;
  seats: number;
  /** The most carrots the runner may keep when it finishes. */
  finishLimit: number;
  /** The race position the runner is assumed to hold when a lettuce or a hare result pays it. */
  rank: number;
}

export interface SolitaireTable extends SolitaireParams {
  /** Expected rounds from the start of the runner's turn (this turn included) until it finishes. */
  value(position: number, carrots: number, lettuces: number, ateHere: boolean): number;
  /** How many sweeps (of one lettuce count each) the value iteration needed. */
  readonly sweeps: number;
}

/** Index of the cell for a position and lettuce count; add the carrots (at most the cap). */
function rowOf(position: number, lettuces: number): number {
  return lettuces * LAYER + position * WIDTH;
}

/** A cell's value, with carrots above the cap costing the rounds needed to pay them off. */
function read(store: Float64Array, row: number, carrots: number): number {
  if (carrots <= CARROT_CAP) return store[row + carrots] as number;
  return (store[row + CARROT_CAP] as number) + (carrots - CARROT_CAP) * EXCESS_ROUNDS_PER_CARROT;
}

/** The counts a hare result uses in the model, on `square`: the others spread around the assumed position. */
function assumedHareContext(params: SolitaireParams, square: number): HareContext {
  return {
    behind: params.seats - params.rank,
    inFront: params.rank - 1,
    othersWithCarrots: params.seats - 1,
    rank: params.rank,
    carrotBehindTo: nearestCarrotSquare(square, -1),
    carrotAheadTo: nearestCarrotSquare(square, 1),
    dropBackTo: null,
    moveUpTo: null,
  };
}

/** The hare arrivals of one lettuce count, their outcomes flattened (they do not change between sweeps). */
class HareArrivals {
  readonly cells: number[] = [];
  readonly starts: number[] = [];
  readonly weights: number[] = [];
  readonly deltas: number[] = [];
  /** The cell an outcome leads to (after taking 10 when the runner must chew a carrot). */
  readonly takeCells: number[] = [];
  /** For a chew: the cell after paying 10, or -1. */
  readonly payCells: number[] = [];

  constructor(params: SolitaireParams, lettuces: number) {
    for (let square = 1; square < FINISH; square++) {
      if (SQUARE_CODES[square] !== Code.Hare) continue;
      const effects = hareEffects(params.rules, square, lettuces, 0, assumedHareContext(params, square));
      for (let carrots = 0; carrots <= CARROT_CAP; carrots++)
        this.add(effects, rowOf(square, lettuces) + carrots, carrots);
    }
    this.starts.push(this.weights.length);
  }

  private add(effects: HareEffect[], cell: number, carrots: number): void {
    this.starts.push(this.weights.length);
    this.cells.push(cell);
    for (const effect of effects) {
      const row = rowOf(effect.position, effect.lettuces);
      const held = Math.min(CARROT_CAP, carrotsAfter(effect.change, carrots));
      this.weights.push(effect.weight);
      this.deltas.push(effect.roundDelta);
      this.takeCells.push(row + Math.min(CARROT_CAP, held + (effect.chew ? 10 : 0)));
      this.payCells.push(effect.chew && held >= 10 ? row + held - 10 : -1);
    }
  }

  /** Writes into `target` the expected value of each arrival, from the current `fresh` values. */
  refresh(fresh: Float64Array, target: Float64Array): void {
    for (let arrival = 0; arrival < this.cells.length; arrival++) {
      let total = 0;
      const end = this.starts[arrival + 1] as number;
      for (let outcome = this.starts[arrival] as number; outcome < end; outcome++) {
        const pay = this.payCells[outcome] as number;
        let next = fresh[this.takeCells[outcome] as number] as number;
        if (pay >= 0) next = Math.min(next, fresh[pay] as number);
        total += (this.weights[outcome] as number) * (next + (this.deltas[outcome] as number));
      }
      target[this.cells[arrival] as number] = total;
    }
  }
}

/** Value iteration from the hopeless upper bound: values only fall, and forward chains settle in one sweep. */
class TableBuilder {
  /** Values at the start of a turn (on a lettuce square: before eating there). */
  readonly fresh = new Float64Array(SIZE).fill(HOPELESS_ROUNDS);
  /** Values on a lettuce square after eating there (the runner must leave). */
  readonly ate = new Float64Array(SIZE).fill(HOPELESS_ROUNDS);
  /** Expected value of arriving on a hare square, before the refund outcomes' extra carrots. */
  private readonly hareArrival = new Float64Array(SIZE);
  private readonly hares: HareArrivals[];
  private readonly refund: number;
  private readonly lettuceGain: number;

  constructor(readonly params: SolitaireParams) {
    this.refund = refundShare(params.rules);
    this.hares = Array.from({ length: LETTUCE_LAYERS }, (_, lettuces) => new HareArrivals(params, lettuces));
    this.lettuceGain = 10 * params.rank;
  }

  valueAt(position: number, carrots: number, lettuces: number, ateHere: boolean): number {
    if (position === FINISH) return 0;
    return read(ateHere ? this.ate : this.fresh, rowOf(position, lettuces), Math.max(0, carrots));
  }

  /** The best value of the forward moves from a cell (Infinity if there is none). */
  private bestForward(position: number, carrots: number, lettuces: number): number {
    const fresh = this.fresh;
    let best = Infinity;
    for (let distance = 1; ; distance++) {
      const cost = costOf(distance);
      const to = position + distance;
      if (cost > carrots || to > FINISH) break;
      const kind = SQUARE_CODES[to];
      const left = carrots - cost;
      let value: number;
      if (kind === Code.Tortoise || (kind === Code.Lettuce && lettuces === 0)) continue;
      if (kind === Code.Finish) {
        if (lettuces === 0 && left <= this.params.finishLimit) best = Math.min(best, 1);
        continue;
      }
      const row = rowOf(to, lettuces);
      if (kind === Code.Hare) {
        value = this.hareArrival[row + left] as number;
        if (this.refund > 0)
          value += this.refund * (read(fresh, row, carrots) - (fresh[row + left] as number));
      } else {
        value = fresh[row + left] as number;
      }
      if (value + 1 < best) best = value + 1;
    }
    return best;
  }

  /** The best value over the runner's choices in one cell (Infinity if it has none). */
  private bestChoice(position: number, carrots: number, lettuces: number, ateHere: boolean): number {
    const kind = SQUARE_CODES[position];
    const canEat = kind === Code.Lettuce && !ateHere && lettuces > 0;
    if (canEat && this.params.rules === 'standard') {
      return 1 + read(this.ate, rowOf(position, lettuces - 1), carrots + this.lettuceGain);
    }
    let best = canEat
      ? 1 + read(this.ate, rowOf(position, lettuces - 1), carrots + this.lettuceGain)
      : Infinity;
    const row = rowOf(position, lettuces);
    if (kind === Code.Carrot) {
      best = Math.min(best, 1 + read(this.fresh, row, carrots + 10));
      if (carrots >= 10) best = Math.min(best, 1 + (this.fresh[row + carrots - 10] as number));
    }
    const tortoise = TORTOISE_SQUARE_BEHIND[position] as number;
    if (tortoise >= 0) {
      best = Math.min(
        best,
        1 + read(this.fresh, rowOf(tortoise, lettuces), carrots + 10 * (position - tortoise)),
      );
    }
    return Math.min(best, this.bestForward(position, carrots, lettuces));
  }

  private stuckValue(lettuces: number): number {
    if (this.params.rules === 'classic') return HOPELESS_ROUNDS;
    return this.fresh[rowOf(0, lettuces) + STARTING_CARROTS] as number;
  }

  private update(
    store: Float64Array,
    position: number,
    carrots: number,
    lettuces: number,
    ateHere: boolean,
  ): number {
    const choice = this.bestChoice(position, carrots, lettuces, ateHere);
    const value = Math.min(HOPELESS_ROUNDS, choice === Infinity ? this.stuckValue(lettuces) : choice);
    const index = rowOf(position, lettuces) + carrots;
    const change = Math.abs(value - (store[index] as number));
    store[index] = value;
    return change;
  }

  /**
   * One Gauss-Seidel sweep over the cells holding `lettuces`; returns the largest change. Far squares go
   * first, so forward moves see this sweep's values; on a carrot square the counts are swept down and
   * then up, so chains of "take 10" and of "pay 10" settle in one sweep.
   */
  sweep(lettuces: number): number {
    (this.hares[lettuces] as HareArrivals).refresh(this.fresh, this.hareArrival);
    let largest = 0;
    for (let position = FINISH - 1; position >= 0; position--) {
      const kind = SQUARE_CODES[position];
      for (let carrots = CARROT_CAP; carrots >= 0; carrots--) {
        if (kind === Code.Lettuce)
          largest = Math.max(largest, this.update(this.ate, position, carrots, lettuces, true));
        largest = Math.max(largest, this.update(this.fresh, position, carrots, lettuces, false));
      }
      if (kind !== Code.Carrot) continue;
      for (let carrots = 0; carrots <= CARROT_CAP; carrots++) {
        largest = Math.max(largest, this.update(this.fresh, position, carrots, lettuces, false));
      }
    }
    return largest;
  }

  /**
   * Lettuces are never regained, so the cells holding fewer lettuces never depend on those holding more:
   * each lettuce count is solved in turn, from none up; returns the sweeps made.
   */
  solve(): number {
    let sweeps = 0;
    for (let lettuces = 0; lettuces < LETTUCE_LAYERS; lettuces++) {
      for (let layerSweeps = 1; layerSweeps <= MAX_SWEEPS; layerSweeps++) {
        sweeps++;
        if (this.sweep(lettuces) < TOLERANCE) break;
      }
    }
    return sweeps;
  }
}

const tables = new Map<string, SolitaireTable>();

function buildTable(params: SolitaireParams): SolitaireTable {
  const builder = new TableBuilder(params);
  const sweeps = builder.solve();
  return {
    ...params,
    sweeps,
    value: (position, carrots, lettuces, ateHere) => builder.valueAt(position, carrots, lettuces, ateHere),
  };
}

/** The solved table for a rule set, seat count, finishing limit and assumed race position (built once). */
export function solitaireTable(params: SolitaireParams): SolitaireTable {
  const key = `${params.rules}/${params.seats}/${params.finishLimit}/${params.rank}`;
  let table = tables.get(key);
  if (!table) {
    table = buildTable(params);
    tables.set(key, table);
  }
  return table;
}
