/**
 * Candy Land's win story, exact: the game is pure luck (nobody chooses anything) and the pawns never meet, so
 * each pawn's number of turns to the castle from a space is a Markov chain over the track, and the chance of
 * each seat to win is a product of those distributions in the order the seats play. Cards are taken as drawn
 * at random from a full deck each time (the order of the shuffled pile, which no player knows, aside).
 * The state keeps each pawn's space after every round; each turn in between is known too, since only the
 * seat that plays moves.
 */
import { swingsOnOwnTurns, type StoryTurn, type WinStory } from '../../draw/win-story';
import { CARD_KINDS, DECK } from '../rules/cards';
import { resolveMove } from '../rules/move';
import { CASTLE, isLicorice } from '../rules/track';
import type { Language } from '../../../i18n/index';
import type { GameState } from '../rules/types';
import { words } from '../candyland-words';

/** Turns looked ahead: past this, a pawn's chance not to have reached the castle is below 1e-9. */
const HORIZON = 400;

/** finished[p][k]: the chance that a pawn on space p (free to draw) reaches the castle within k of its turns. */
let finishedTable: Float64Array[] | null = null;

function finishedWithin(): Float64Array[] {
  if (finishedTable) return finishedTable;
  const weight = new Float64Array(CARD_KINDS);
  for (const code of DECK) weight[code]! += 1 / DECK.length;
  const table = Array.from({ length: CASTLE + 1 }, () => new Float64Array(HORIZON + 1));
  table[CASTLE]!.fill(1);
  const moves = Array.from({ length: CASTLE }, (_, from) =>
    Array.from({ length: CARD_KINDS }, (_, code) => resolveMove(from, code)),
  );
  for (let k = 1; k <= HORIZON; k++) {
    for (let from = 0; from < CASTLE; from++) {
      let chance = 0;
      for (let code = 0; code < CARD_KINDS; code++) {
        const move = moves[from]![code]!;
        // a pawn on licorice loses its next turn: one turn fewer to go on with
        const left = move.castle ? -1 : move.licorice ? k - 2 : k - 1;
        chance += weight[code]! * (left < 0 ? (move.castle ? 1 : 0) : table[move.to]![left]!);
      }
      table[from]![k] = chance;
    }
  }
  finishedTable = table;
  return table;
}

/** Where the pawns stand before a turn, and which of them lose their next turn. */
interface Moment {
  positions: readonly number[];
  stuck: readonly boolean[];
  /** The seat to play next. */
  next: number;
}

/** Each seat's chance to win from `moment`, the seats playing in turn from `next`. */
export function chancesFrom(moment: Moment): number[] {
  const table = finishedWithin();
  const seats = moment.positions.length;
  const within = (seat: number, k: number): number => {
    const turns = moment.stuck[seat] ? k - 1 : k;
    return turns < 0 ? 0 : table[moment.positions[seat]!]![Math.min(turns, HORIZON)]!;
  };
  const order = Array.from({ length: seats }, (_, i) => (moment.next + i) % seats);
  return Array.from({ length: seats }, (_, seat) => {
    const place = order.indexOf(seat);
    let chance = 0;
    for (let k = 1; k <= HORIZON; k++) {
      let nobodyBefore = 1;
      for (let i = 0; i < seats; i++) {
        if (i === place) continue;
        // seats before it in the order have had k turns by its k-th, those after it k - 1
        nobodyBefore *= 1 - within(order[i]!, i < place ? k : k - 1);
      }
      chance += (within(seat, k) - within(seat, k - 1)) * nobodyBefore;
    }
    return chance;
  });
}

export function candyStory(state: GameState, language?: Language): WinStory {
  const t = words(language);
  const seats = state.seats;
  const rows = state.progress;
  const chances: number[][] = [];
  const turns: StoryTurn[] = [];
  let stuck = new Array<boolean>(seats).fill(false);
  chances.push(chancesFrom({ positions: rows[0]!, stuck, next: 0 }));
  for (let round = 1; round < rows.length; round++) {
    const before = rows[round - 1]!;
    const after = rows[round]!;
    const positions = [...before];
    const stuckNext = [...stuck];
    for (let seat = 0; seat < seats; seat++) {
      const moved = after[seat] !== before[seat];
      const won = after[seat] === CASTLE;
      const lost = stuck[seat]! && !moved;
      positions[seat] = after[seat]!;
      stuckNext[seat] = moved && isLicorice(after[seat]!);
      const where = won ? t('story.castle') : t('story.space', { space: after[seat]! });
      turns.push({
        seat,
        what: lost ? t('story.lostTurn') : t('story.card', { where }),
        when: t('story.when', { round }),
      });
      if (won) {
        chances.push(positions.map((_, other) => (other === seat ? 1 : 0)));
        break;
      }
      const mixed = stuckNext.map((flag, other) => (other <= seat ? flag : stuck[other]!));
      chances.push(chancesFrom({ positions, stuck: mixed, next: (seat + 1) % seats }));
    }
    stuck = stuckNext;
    if (after.includes(CASTLE)) break;
  }
  if (state.over && state.winner === null) chances[chances.length - 1] = new Array<number>(seats).fill(0);
  return {
    chances,
    turns,
    method: t('story.method'),
    luck: swingsOnOwnTurns(chances, turns),
    givenAway: null,
  };
}
