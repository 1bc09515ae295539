/**
 * The race planner: an exact expectimax over the player's own next moves (every square, carrot count and
 * lettuce count, move by move), with hare cards and dice as chance nodes, against the forecast of the
 * other runners. A plan is worth the chance of finishing before the others (see Forecast.finishWorth),
 * so it knows when a quick dash pays and when patience does, and it plans the endgame exactly: reaching
 * the finish with few enough carrots at the right moment. Beyond the horizon the solitaire outlook
 * estimates the remaining moves.
 */
import { STARTING_CARROTS, type RulesName } from '../rules/index';
import {
  Code,
  FINISH,
  payingRanks,
  SQUARE_CODES,
  TORTOISE_SQUARE_BEHIND,
  tortoiseBehindOf,
} from './board-facts';
import type { Forecast } from './forecast';
import { carrotsAfter, hareEffects, refundShare, type HareEffect } from './hare-outcomes';
import { clamp, MoveLayer, RACE_CARROT_CAP, WIDTH } from './move-layer';
import { solitaireTable } from './solitaire';

export interface RacePlan {
  readonly forecast: Forecast;
  /** Layers for moves 0, 1 and 2 (the ones a decision at move 0 looks at). */
  layer(move: 0 | 1 | 2): MoveLayer;
}

interface PlanInput {
  rules: RulesName;
  position: number;
  lettuces: number;
  forecast: Forecast;
}

class RacePlanner {
  private readonly rules: RulesName;
  private readonly lettuceLayers: number;
  private readonly lowest: number;
  private readonly layers: MoveLayer[];
  private readonly hareArrival: Float64Array;
  private readonly forecast: Forecast;
  private readonly refundWeight: number;
  /** Scratch row: the best value of leaving one square, by carrot count. */
  private readonly leaveValues = new Float64Array(WIDTH);

  constructor(input: PlanInput) {
    this.rules = input.rules;
    this.forecast = input.forecast;
    this.lettuceLayers = input.lettuces + 1;
    this.lowest = lowestReachable(input.position);
    this.layers = [0, 1, 2].map(() => new MoveLayer(this.lettuceLayers));
    this.hareArrival = new Float64Array(this.lettuceLayers * FINISH * WIDTH);
    this.refundWeight = refundShare(input.rules);
  }

  /** The ring buffer slot of a move's layer. */
  layer(move: number): MoveLayer {
    return this.layers[move % 3] as MoveLayer;
  }

  solve(): void {
    const horizon = this.forecast.horizon;
    this.fillTerminal(horizon + 1);
    this.fillTerminal(horizon);
    for (let move = horizon - 1; move >= 0; move--) this.fillMove(move);
  }

  /** Beyond the horizon: the solitaire outlook's expected remaining moves, valued by the forecast. */
  private fillTerminal(move: number): void {
    const layer = this.layer(move);
    const seats = this.forecast.seats;
    const table = solitaireTable({
      rules: this.rules,
      seats,
      finishLimit: this.forecast.finishLimit(move),
      rank: Math.round((seats + 1) / 2),
    });
    for (let lettuces = 0; lettuces < this.lettuceLayers; lettuces++) {
      for (let square = this.lowest; square < FINISH; square++) {
        const row = layer.row(square, lettuces);
        const onLettuce = SQUARE_CODES[square] === Code.Lettuce;
        for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
          const fresh = this.forecast.finishWorth(move - 1 + table.value(square, carrots, lettuces, false));
          layer.fresh[row + carrots] = fresh;
          layer.arrival[row + carrots] = fresh;
          layer.ate[row + carrots] = onLettuce
            ? this.forecast.finishWorth(move - 1 + table.value(square, carrots, lettuces, true))
            : fresh;
        }
      }
    }
  }

  private fillMove(move: number): void {
    const layer = this.layer(move);
    const leave = this.leaveValues;
    for (let square = FINISH - 1; square >= this.lowest; square--) {
      const kind = SQUARE_CODES[square] as number;
      const rankChances = this.forecast.rankChances(move, square);
      for (let lettuces = 0; lettuces < this.lettuceLayers; lettuces++) {
        this.fillLeaveValues(move, square, lettuces);
        const row = layer.row(square, lettuces);
        if (kind !== Code.Lettuce) {
          layer.fresh.set(leave, row);
          continue;
        }
        layer.ate.set(leave, row);
        for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
          const moves = leave[carrots] as number;
          layer.fresh[row + carrots] =
            lettuces > 0 ? this.lettuceStart(move, square, carrots, lettuces, moves, rankChances) : moves;
        }
      }
      if (kind === Code.Hare) this.fillHareArrivals(move, square);
    }
    this.fillArrivals(move);
  }

  /**
   * Fills `leaveValues` with the best value of leaving `square` (forward, back, or carrots) for every
   * carrot count, or the value of being stuck. Works a whole row of carrot counts at a time: for a
   * target square the values are the next move's row, shifted by the cost.
   */
  private fillLeaveValues(move: number, square: number, lettuces: number): void {
    const best = this.leaveValues.fill(-Infinity);
    const next = this.layer(move + 1);
    const rowBase = lettuces * FINISH * WIDTH;
    if (SQUARE_CODES[square] === Code.Carrot) this.carrotChoices(best, next.fresh, rowBase + square * WIDTH);
    const tortoise = TORTOISE_SQUARE_BEHIND[square] as number;
    if (tortoise >= this.lowest && tortoise >= 0) {
      const gain = 10 * (square - tortoise);
      const from = rowBase + tortoise * WIDTH;
      for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
        best[carrots] = Math.max(
          best[carrots] as number,
          next.arrival[from + clamp(carrots + gain)] as number,
        );
      }
    }
    for (let to = square + 1; to <= FINISH; to++) {
      const cost = ((to - square) * (to - square + 1)) / 2;
      if (cost > RACE_CARROT_CAP) break;
      const kind = SQUARE_CODES[to];
      if (kind === Code.Tortoise || (kind === Code.Lettuce && lettuces === 0)) continue;
      if (kind === Code.Finish) this.finishChoice(best, move, cost, lettuces);
      else if (kind === Code.Hare) this.hareChoice(best, next.arrival, rowBase + to * WIDTH, cost);
      else this.plainChoice(best, next.arrival, rowBase + to * WIDTH, cost);
    }
    for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
      if (best[carrots] === -Infinity) best[carrots] = this.stuckValue(next, square, carrots, lettuces);
    }
  }

  private carrotChoices(best: Float64Array, nextFresh: Float64Array, row: number): void {
    for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
      const take = nextFresh[row + clamp(carrots + 10)] as number;
      best[carrots] = carrots >= 10 ? Math.max(take, nextFresh[row + carrots - 10] as number) : take;
    }
  }

  private plainChoice(best: Float64Array, nextArrival: Float64Array, row: number, cost: number): void {
    for (let carrots = cost; carrots <= RACE_CARROT_CAP; carrots++) {
      const value = nextArrival[row + carrots - cost] as number;
      if (value > (best[carrots] as number)) best[carrots] = value;
    }
  }

  /** Onto a hare square: the expected outcome, plus the refund outcome's share of the carrots paid back. */
  private hareChoice(best: Float64Array, nextArrival: Float64Array, row: number, cost: number): void {
    const refund = this.refundWeight;
    for (let carrots = cost; carrots <= RACE_CARROT_CAP; carrots++) {
      const left = row + carrots - cost;
      const refunded = (nextArrival[row + carrots] as number) - (nextArrival[left] as number);
      const value = (this.hareArrival[left] as number) + refund * refunded;
      if (value > (best[carrots] as number)) best[carrots] = value;
    }
  }

  private finishChoice(best: Float64Array, move: number, cost: number, lettuces: number): void {
    if (lettuces > 0) return;
    const worth = this.forecast.finishWorth(move);
    const most = Math.min(RACE_CARROT_CAP, cost + this.forecast.finishLimit(move));
    for (let carrots = cost; carrots <= most; carrots++)
      best[carrots] = Math.max(best[carrots] as number, worth);
  }

  /** No legal action: standard rules restart from the start with 65 carrots; classic rules skip the turn. */
  private stuckValue(next: MoveLayer, square: number, carrots: number, lettuces: number): number {
    return this.rules === 'standard'
      ? next.arrive(0, STARTING_CARROTS, lettuces)
      : next.start(square, carrots, lettuces, false);
  }

  /** On a lettuce square not eaten at yet: eat (standard: must), paid by the race position. */
  private lettuceStart(
    move: number,
    square: number,
    carrots: number,
    lettuces: number,
    moves: number,
    rankChances: Float64Array,
  ): number {
    const next = this.layer(move + 1);
    let eat = 0;
    for (let rank = 1; rank < rankChances.length; rank++) {
      const chance = rankChances[rank] as number;
      if (chance > 0) eat += chance * next.start(square, carrots + 10 * rank, lettuces - 1, true);
    }
    return this.rules === 'standard' ? eat : Math.max(eat, moves);
  }

  /** Arrival values: number squares pay at the start of the move if the race position matches. */
  private fillArrivals(move: number): void {
    const layer = this.layer(move);
    layer.arrival.set(layer.fresh);
    for (let square = Math.max(1, this.lowest); square < FINISH; square++) {
      if (SQUARE_CODES[square] !== Code.Number) continue;
      const chances = this.forecast.rankChances(move, square);
      const paying = payingRanks(square).filter((rank) => rank < chances.length);
      for (let lettuces = 0; lettuces < this.lettuceLayers; lettuces++) {
        const row = layer.row(square, lettuces);
        for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
          let unpaid = 1;
          let value = 0;
          for (const rank of paying) {
            const chance = chances[rank] as number;
            unpaid -= chance;
            value += chance * (layer.fresh[row + clamp(carrots + 10 * rank)] as number);
          }
          layer.arrival[row + carrots] = value + unpaid * (layer.fresh[row + carrots] as number);
        }
      }
    }
  }

  /** Expected values of arriving on hare square `square` during `move`, before any refund (see hareChoice). */
  private fillHareArrivals(move: number, square: number): void {
    const context = this.forecast.hareContext(move, square);
    for (let lettuces = 0; lettuces < this.lettuceLayers; lettuces++) {
      const row = this.layer(move).row(square, lettuces);
      const totals = this.hareArrival.subarray(row, row + WIDTH).fill(0);
      for (const effect of hareEffects(this.rules, square, lettuces, 0, context)) {
        this.addHareEffect(totals, move, effect);
      }
    }
  }

  /** Adds one weighted effect, for every carrot count, to `totals`. */
  private addHareEffect(totals: Float64Array, move: number, effect: HareEffect): void {
    const { weight, change } = effect;
    const row = this.layer(move).row(effect.position, effect.lettuces);
    if (effect.chew) {
      const next = this.layer(move + 1).arrival;
      for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
        const held = clamp(carrotsAfter(change, carrots));
        const take = next[row + clamp(held + 10)] as number;
        const best = held >= 10 ? Math.max(take, next[row + held - 10] as number) : take;
        totals[carrots] = (totals[carrots] as number) + weight * best;
      }
      return;
    }
    const values =
      effect.roundDelta > 0
        ? this.layer(move + 2).arrival
        : effect.roundDelta < 0
          ? this.layer(move).fresh
          : this.layer(move + 1).arrival;
    for (let carrots = 0; carrots <= RACE_CARROT_CAP; carrots++) {
      const value = values[row + clamp(carrotsAfter(change, carrots))] as number;
      totals[carrots] = (totals[carrots] as number) + weight * value;
    }
  }
}

/** The lowest square worth planning for: two tortoise squares back (a move back goes one tortoise at a time). */
function lowestReachable(position: number): number {
  const first = tortoiseBehindOf(position);
  if (first === null) return 0;
  return tortoiseBehindOf(first) ?? 0;
}

/** Solves the race plan for a runner at `position` holding `lettuces`, against `forecast`. */
export function planRace(input: PlanInput): RacePlan {
  const planner = new RacePlanner(input);
  planner.solve();
  return {
    forecast: input.forecast,
    layer: (move) => planner.layer(move),
  };
}
