/**
 * Greed play-outs: the rest of a game played many times from banked scores, fast (one roll is one draw from
 * the exact outcome table of its dice, no game state is copied). Every seat plays like the steady computer:
 * it stops at its aim, less with one or two dice, more after hot dice and when far behind; in the final round
 * it rolls on until it passes the leader.
 */
import { GREEDINESS } from '../computer/thresholds';
import { diceAfter } from '../computer/turn-values';
import { rollOutcomes } from '../rules/odds';
import type { GreedOptions } from '../rules/types';
import { nextUint32, type RngState } from '../../kit/random';

const FAR_BEHIND = 1500;
const BEHIND_BOOST = 1.25;
const STEADY = GREEDINESS.steady;

/** Where the rest of the game starts. */
export interface PlayoutStart {
  scores: readonly number[];
  /** The seat to play next. */
  next: number;
  /** Complete rounds played. */
  rounds: number;
  finalRound: boolean;
}

interface Table {
  cumulative: Float64Array;
  score: Int32Array;
  scoringDice: Int32Array;
}

/** Rolls of n dice as a cumulative table (busts included), per n. */
function rollTables(options: GreedOptions): Table[] {
  return Array.from({ length: options.dice + 1 }, (_, n) => {
    const outcomes = n === 0 ? [] : rollOutcomes(n, options.faces);
    let sum = 0;
    return {
      cumulative: Float64Array.from(outcomes, (outcome) => (sum += outcome.probability)),
      score: Int32Array.from(outcomes, (outcome) => outcome.score),
      scoringDice: Int32Array.from(outcomes, (outcome) => outcome.scoringDice),
    };
  });
}

function draw(table: Table, rng: RngState): number {
  const u = nextUint32(rng) / 4294967296;
  const { cumulative } = table;
  let i = 0;
  while (i < cumulative.length - 1 && cumulative[i]! <= u) i++;
  return i;
}

/** The points one turn banks (0: a bust) for the seat with `banked` against `leader`. */
function playTurn(
  options: GreedOptions,
  tables: Table[],
  rng: RngState,
  banked: number,
  leader: number,
  finalRound: boolean,
): number {
  let total = 0;
  let n = options.dice;
  const boost = leader - banked >= FAR_BEHIND ? BEHIND_BOOST : 1;
  for (let first = true; ; first = false) {
    const table = tables[n]!;
    const i = draw(table, rng);
    const score = table.score[i]!;
    if (score === 0 || (first && banked === 0 && score < options.entry)) return 0;
    total += score;
    n = diceAfter(n, table.scoringDice[i]!, options.dice);
    if (finalRound) {
      if (banked + total > leader) return total;
      continue;
    }
    const aim = n === options.dice ? STEADY.fullCup : n <= 2 ? STEADY.fewDice : STEADY.aim;
    if (total >= aim * boost) return total;
  }
}

/**
 * Each seat's share of the wins over play-outs from `start` (a tie of k counts 1/k to each); play-out g rolls
 * seat s's dice from `streams[g][s]` (copied: the same streams give the same rolls from every start).
 */
export function playOut(
  options: GreedOptions,
  start: PlayoutStart,
  streams: readonly RngState[][],
): number[] {
  const games = streams.length;
  const tables = rollTables(options);
  const seats = start.scores.length;
  const wins = new Array<number>(seats).fill(0);
  const scores = new Array<number>(seats);
  for (let game = 0; game < games; game++) {
    const dice = streams[game]!.map((stream) => [...stream] as RngState);
    for (let seat = 0; seat < seats; seat++) scores[seat] = start.scores[seat]!;
    let seat = start.next;
    let rounds = start.rounds;
    let finalRound = start.finalRound;
    for (;;) {
      if (seat === 0 && (finalRound || (options.turnLimit !== null && rounds >= options.turnLimit))) break;
      let leader = 0;
      for (let other = 0; other < seats; other++)
        if (other !== seat && scores[other]! > leader) leader = scores[other]!;
      scores[seat] =
        scores[seat]! + playTurn(options, tables, dice[seat]!, scores[seat]!, leader, finalRound);
      if (scores[seat]! >= options.target) finalRound = true;
      seat = (seat + 1) % seats;
      if (seat === 0) rounds++;
    }
    const best = Math.max(...scores);
    const winners = scores.filter((score) => score === best).length;
    for (let other = 0; other < seats; other++) if (scores[other] === best) wins[other]! += 1 / winners;
  }
  return wins.map((won) => won / games);
}
