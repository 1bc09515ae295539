/**
 * The final round counted exactly, for any number of seats. Once a seat's turn has ended, the seats after it
 * play one turn each, in order, and each plays for its own share of the win (equal top scores share it: a tie
 * of k seats is worth 1/k to each). Seat j, facing the best score so far `best` held by `tied` seats, ends its
 * turn below it (the tied seats' chances carry on), on it (one more seat shares it) or above it (it alone holds
 * the best). Its turn is solved exactly by dynamic programming over (turn total, dice in the cup), maximising
 * its own share; the tied seats' share under that policy is carried along. `tiedShare(j, best, tied)` is then
 * the share of each tied seat when seats j.. are still to play, computed from the last seat back.
 *
 * Scores past `ceiling` (a lead so large that more points change nothing) count as `ceiling`, which bounds
 * the best scores the recursion meets.
 */
import { rollOutcomes } from '../rules/odds';
import type { GreedOptions } from '../rules/types';
import { diceAfter, outcomesFor, UNIT } from './turn-values';

type Setting = Pick<GreedOptions, 'dice' | 'faces' | 'entry'>;

/** Beyond this lead (in units) over every other score, more points change nothing. */
export const SAFE_LEAD_UNITS = 80;

interface Outcome {
  units: number;
  after: number;
  probability: number;
}

export class FinalRound {
  private readonly memo = new Map<number, number>();
  private readonly byDice: Outcome[][];
  private readonly firstRoll: { units: number; after: number; probability: number; score: number }[];

  /**
   * @param banked every seat's banked score (in points) as the round stands; only the seats after the one
   *   deciding are read.
   * @param ceilingUnits scores (in units) at and above which more points change nothing.
   */
  constructor(
    private readonly setting: Setting,
    private readonly banked: readonly number[],
    private readonly ceilingUnits: number,
  ) {
    this.byDice = outcomesFor(setting).map((list, n) =>
      list.map((outcome) => ({
        units: outcome.score / UNIT,
        after: diceAfter(n, outcome.scoringDice, setting.dice),
        probability: outcome.probability,
      })),
    );
    this.firstRoll = rollOutcomes(setting.dice, setting.faces)
      .filter((outcome) => outcome.score > 0)
      .map((outcome) => ({
        units: outcome.score / UNIT,
        after: diceAfter(setting.dice, outcome.scoringDice, setting.dice),
        probability: outcome.probability,
        score: outcome.score,
      }));
  }

  /**
   * The share of the win of a seat that has ended its turn with `score` (in points) when `best` is the best
   * score of the seats that played before it (held by `tied` of them; best -1 when none) and the seats from
   * `nextSeat` on are still to play.
   */
  shareOf(nextSeat: number, score: number, best: number, tied: number): number {
    const units = Math.min(score / UNIT, this.ceilingUnits);
    const bestUnits = best < 0 ? -1 : Math.min(best / UNIT, this.ceilingUnits);
    if (units < bestUnits) return 0;
    if (units === bestUnits) return this.tiedShare(nextSeat, units, tied + 1);
    return this.tiedShare(nextSeat, units, 1);
  }

  /** The share of each of `tied` seats holding the best score `best` (units) when seats `seat`.. still play. */
  tiedShare(seat: number, best: number, tied: number): number {
    if (seat >= this.banked.length) return 1 / tied;
    const key = (seat * (this.ceilingUnits + 1) + best) * (this.banked.length + 1) + tied;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const share = this.playTurn(seat, best, tied);
    this.memo.set(key, share);
    return share;
  }

  /** Seat `seat` plays its turn for its own share; returns the tied seats' share under that policy. */
  private playTurn(seat: number, best: number, tied: number): number {
    const { dice, entry } = this.setting;
    const bankedUnits = this.banked[seat]! / UNIT;
    const top = Math.max(0, this.ceilingUnits - bankedUnits);
    const width = dice + 1;
    const stopOwn = new Float64Array(top + 1);
    const stopGroup = new Float64Array(top + 1);
    for (let t = 0; t <= top; t++) {
      const score = Math.min(bankedUnits + t, this.ceilingUnits);
      if (score < best) {
        stopOwn[t] = 0;
        stopGroup[t] = this.tiedShare(seat + 1, best, tied);
      } else if (score === best) {
        stopOwn[t] = stopGroup[t] = this.tiedShare(seat + 1, best, tied + 1);
      } else {
        stopOwn[t] = this.tiedShare(seat + 1, score, 1);
        stopGroup[t] = 0;
      }
    }
    const own = new Float64Array((top + 1) * width);
    const group = new Float64Array((top + 1) * width);
    for (let n = 1; n <= dice; n++) {
      own[top * width + n] = stopOwn[top]!;
      group[top * width + n] = stopGroup[top]!;
    }
    for (let t = top - 1; t >= 1; t--) {
      for (let n = 1; n <= dice; n++) {
        let scoring = 0;
        let rollOwn = 0;
        let rollGroup = 0;
        for (const outcome of this.byDice[n]!) {
          const index = Math.min(t + outcome.units, top) * width + outcome.after;
          scoring += outcome.probability;
          rollOwn += outcome.probability * own[index]!;
          rollGroup += outcome.probability * group[index]!;
        }
        rollOwn += (1 - scoring) * stopOwn[0]!;
        rollGroup += (1 - scoring) * stopGroup[0]!;
        const rolls = rollOwn > stopOwn[t]!;
        own[t * width + n] = rolls ? rollOwn : stopOwn[t]!;
        group[t * width + n] = rolls ? rollGroup : stopGroup[t]!;
      }
    }
    const needed = this.banked[seat]! > 0 ? 0 : entry;
    let scoring = 0;
    let share = 0;
    for (const outcome of this.firstRoll) {
      if (outcome.score < needed) continue;
      scoring += outcome.probability;
      share += outcome.probability * group[Math.min(outcome.units, top) * width + outcome.after]!;
    }
    return share + (1 - scoring) * stopGroup[0]!;
  }
}
