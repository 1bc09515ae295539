import { FINISH } from './board-facts';

/** Carrot counts above this are treated as this many. */
export const RACE_CARROT_CAP = 160;
export const WIDTH = RACE_CARROT_CAP + 1;

export function clamp(carrots: number): number {
  return carrots > RACE_CARROT_CAP ? RACE_CARROT_CAP : carrots < 0 ? 0 : carrots;
}

/** The values of one move: at its start (fresh / after eating) and on arrival (before a number square pays). */
export class MoveLayer {
  readonly fresh: Float64Array;
  readonly ate: Float64Array;
  readonly arrival: Float64Array;

  constructor(readonly lettuceLayers: number) {
    const size = lettuceLayers * FINISH * WIDTH;
    this.fresh = new Float64Array(size);
    this.ate = new Float64Array(size);
    this.arrival = new Float64Array(size);
  }

  row(square: number, lettuces: number): number {
    return (lettuces * FINISH + square) * WIDTH;
  }

  /** Value on arriving at `square` (for the next move's start), carrots clamped. */
  arrive(square: number, carrots: number, lettuces: number): number {
    return this.arrival[this.row(square, lettuces) + clamp(carrots)] as number;
  }

  start(square: number, carrots: number, lettuces: number, ateHere: boolean): number {
    return (ateHere ? this.ate : this.fresh)[this.row(square, lettuces) + clamp(carrots)] as number;
  }
}
