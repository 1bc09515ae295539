/** Swiss pairing (src/arena/schedule.ts): no rematch while one can be avoided, byes to different entrants. */
import { describe, expect, it } from 'vitest';
import { pairKey, swissRound, swissRounds } from '../../src/arena/schedule';

/** Plays `rounds` Swiss rounds where the lower entrant number always wins; returns each round's pairs and bye. */
function tournament(count: number, rounds: number) {
  const points = new Map(Array.from({ length: count }, (_, entrant) => [entrant, 0]));
  const met = new Set<string>();
  const hadBye = new Set<number>();
  const played = [];
  for (let round = 0; round < rounds; round++) {
    const ranked = [...points.keys()].sort((a, b) => points.get(b)! - points.get(a)! || a - b);
    const { pairs, bye } = swissRound(ranked, met, hadBye);
    for (const [a, b] of pairs) {
      met.add(pairKey(a, b));
      const winner = Math.min(a, b);
      points.set(winner, points.get(winner)! + 1);
    }
    if (bye !== null) {
      hadBye.add(bye);
      points.set(bye, points.get(bye)! + 1);
    }
    played.push({ pairs, bye });
  }
  return { played, points };
}

describe('Swiss pairing', () => {
  it('pairs the first round top-down in order of standing', () => {
    expect(swissRound([0, 1, 2, 3], new Set(), new Set())).toEqual({
      pairs: [
        [0, 1],
        [2, 3],
      ],
      bye: null,
    });
  });

  it('pairs equal scores together and avoids a rematch by going back on a choice', () => {
    // 0 and 1 met already: 0 takes 2, and 1 then meets 3.
    const met = new Set([pairKey(0, 1), pairKey(2, 3)]);
    expect(swissRound([0, 1, 2, 3], met, new Set()).pairs).toEqual([
      [0, 2],
      [1, 3],
    ]);
    // Only 0–3/1–2 is left once 0–2 was played too.
    met.add(pairKey(0, 2));
    expect(swissRound([0, 1, 2, 3], met, new Set()).pairs).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('gives the bye to the lowest-placed entrant without one, never twice to the same while others had none', () => {
    const { played } = tournament(5, 4);
    const byes = played.map((round) => round.bye);
    expect(new Set(byes).size).toBe(4);
    expect(byes[0]).toBe(4);
    for (const round of played) {
      const seated = round.pairs.flat();
      expect(new Set([...seated, round.bye]).size).toBe(5);
    }
  });

  it('plays no rematch in ⌈log₂ n⌉ rounds, and only rematches once every pairing was played', () => {
    for (const count of [4, 6, 7, 8, 12, 16]) {
      const { played } = tournament(count, swissRounds(count));
      const keys = played.flatMap((round) => round.pairs.map(([a, b]) => pairKey(a, b)));
      expect(new Set(keys).size, `${count} entrants`).toBe(keys.length);
    }
    // Three entrants, five rounds: the three pairings come round again only after each was played.
    const { played } = tournament(3, 5);
    const keys = played.flatMap((round) => round.pairs.map(([a, b]) => pairKey(a, b)));
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
  });

  it('ranks the strongest first after a few rounds (the lower number always wins here)', () => {
    const { points } = tournament(8, swissRounds(8));
    expect(swissRounds(8)).toBe(3);
    expect(points.get(0)).toBe(3);
    expect([...points.values()].filter((p) => p === 3)).toHaveLength(1);
    expect(swissRounds(2)).toBe(1);
    expect(swissRounds(3)).toBe(2);
    expect(swissRounds(1)).toBe(0);
  });
});
