/**
 * Hedgehogs' win story: each seat's chance to win after every turn, estimated by play-outs (win/playouts.ts)
 * from the boards the game went through (rebuilt from the move log, win/turns.ts); per seat the win chance
 * its choices gave away against the advanced computer's (win/choices.ts), and its luck: the swing of its own
 * turns plus what its choices gave away, as in Greed, against the game's average turn.
 */
import { seedRng, type RngState } from '../../kit/random';
import { runPasses } from '../../draw/win-passes';
import { swingsOnOwnTurns, type StoryTurn, type WinStory } from '../../draw/win-story';
import type { Language } from '../../../i18n/index';
import type { GameState } from '../rules/types';
import { words } from '../hedgehogs-words';
import { expertTurn, sameBoard } from './choices';
import { playOutBoard, type Board } from './playouts';
import { movementTurns, type MovementTurn, type Stacks } from './turns';

/**
 * The play-outs wanted from every point: a play-out's cost grows with the turns left, so a game of T turns
 * costs about PLAYOUT_WORK / T² passes × T² / 2 turns, whatever its length: under a second on the
 * 2-core development machine (`npm run bench:winprob`). A fixed count keeps the same game's summary the same
 * every time it is drawn; the time bound (TIME_BOUND_MS) only cuts it short on a busy machine.
 */
export const PLAYOUT_WORK = 800_000;
export const MIN_PASSES = 12;
export const MAX_PASSES = 200;
/**
 * No pass of play-outs begins after this: a safety net for a busy machine (the wanted passes take about a
 * second on a quiet one), so that the summary is still posted within 3 s of the last move.
 */
export const TIME_BOUND_MS = 1800;

export function playoutPasses(turns: number): number {
  const fits = Math.round(PLAYOUT_WORK / Math.max(1, turns) ** 2);
  return Math.max(MIN_PASSES, Math.min(MAX_PASSES, fits));
}

export interface StoryBudget {
  timeMs?: number;
  now?: () => number;
}

/** Where play-outs start: a board, the seat to play, the rounds left (null: no limit). */
interface Point {
  stacks: Stacks;
  first: number;
  roundsLeft: number | null;
  /** Set when the game is over there: the shares are known (all 0 when the turn limit ended it). */
  end: number[] | null;
}

function pointAfter(state: GameState, turn: MovementTurn, stacks: Stacks, winner: number | null): Point {
  const limit = state.options.turnLimit;
  const roundsDone = turn.round + (turn.seat === state.seats - 1 ? 1 : 0);
  const roundsLeft = limit === null ? null : limit - roundsDone;
  const shares = (seat: number | null): number[] =>
    Array.from({ length: state.seats }, (_, other) => (other === seat ? 1 : 0));
  return {
    stacks,
    first: (turn.seat + 1) % state.seats,
    roundsLeft,
    end: winner !== null ? shares(winner) : roundsLeft !== null && roundsLeft <= 0 ? shares(null) : null,
  };
}

/**
 * Each seat's own dice in every play-out (common random numbers): play-out g gives seat s the same rolls from
 * every board, so neighbouring boards' estimates err alike and the change from one turn to the next, which the
 * luck, the turning point and the choices read, is far less noisy than the chances themselves.
 */
function diceOf(game: number, seats: number): RngState[] {
  return Array.from({ length: seats }, (_, seat) => seedRng(`win-story:${game}:${seat}`));
}

/** Each point's chances, from as many passes of play-outs as the budget allows; and the passes run. */
function estimate(state: GameState, points: readonly Point[], wanted: number, budget: StoryBudget) {
  const wins = points.map(() => new Array<number>(state.seats).fill(0));
  const passes = runPasses(
    { passes: wanted, timeMs: budget.timeMs ?? TIME_BOUND_MS, ...(budget.now ? { now: budget.now } : {}) },
    (game) => {
      const dice = diceOf(game, state.seats);
      points.forEach((point, i) => {
        if (point.end) return;
        const board: Board = { stacks: point.stacks, obstacles: state.obstacles, seats: state.seats };
        const own = dice.map((stream) => [...stream] as RngState);
        const winner = playOutBoard(board, point.first, point.roundsLeft, own);
        if (winner !== null) wins[i]![winner]! += 1;
      });
    },
  );
  const chances = points.map((point, i) => point.end ?? wins[i]!.map((count) => count / passes));
  return { chances, passes };
}

export function hedgehogsStory(
  state: GameState,
  budget: StoryBudget = {},
  language?: Language,
): WinStory | null {
  const t = words(language);
  const turns = movementTurns(state);
  if (!turns.length) return null;
  const start: Point = {
    stacks: turns[0]!.before,
    first: 0,
    roundsLeft: state.options.turnLimit,
    end: null,
  };
  const played = turns.map((turn) => pointAfter(state, turn, turn.after, turn.winner));
  // the turns the expert would have played otherwise, each judged from where its own board leads
  const judged = turns.flatMap((turn, index) => {
    const expert = expertTurn(state, turn);
    if (!expert || sameBoard(expert.after, turn.after)) return [];
    return [{ index, point: pointAfter(state, turn, expert.after, expert.winner) }];
  });
  const points = [start, ...played, ...judged.map((j) => j.point)];
  const { chances: all, passes } = estimate(state, points, playoutPasses(turns.length), budget);
  const chances = all.slice(0, turns.length + 1);
  // signed per turn, so that the estimates' errors cancel rather than pile up; the expert's choice is not
  // always the better one either (the play-outs may favour the player's), and a total below 0 counts as 0
  const given = new Array<number>(state.seats).fill(0);
  judged.forEach(({ index }, j) => {
    const seat = turns[index]!.seat;
    given[seat]! += all[turns.length + 1 + j]![seat]! - chances[index + 1]![seat]!;
  });
  const givenAway = given.map((total) => Math.max(0, total));
  const storyTurns: StoryTurn[] = turns.map((turn) => ({
    seat: turn.seat,
    what: t('story.turn'),
    when: t('story.when', { round: turn.round + 1 }),
  }));
  const swings = swingsOnOwnTurns(chances, storyTurns);
  // a turn's swing plus what its choices gave away is what the dice brought, had it played as the expert; but
  // an expert's turn gains on average against play-outs of the simpler player, and that gain is not luck:
  // each turn is taken against the game's average turn, so that the luck of all the seats adds up to 0
  const ownTurns = new Array<number>(state.seats).fill(0);
  for (const turn of turns) ownTurns[turn.seat]! += 1;
  const brought = swings.map((swing, seat) => swing + givenAway[seat]!);
  const average = brought.reduce((sum, value) => sum + value, 0) / turns.length;
  return {
    chances,
    turns: storyTurns,
    method: t('story.method', { passes }),
    luck: brought.map((value, seat) => value - average * ownTurns[seat]!),
    givenAway,
  };
}
