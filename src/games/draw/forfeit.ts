/**
 * The places of a game a seated person ended with `/<game> end`, their forfeit: the others ranked among
 * themselves by the game's standings (ties kept) and the forfeiting seat last, as src/service/forfeit.ts counts
 * them in the ratings.
 */
export function forfeitStandings(
  standings: readonly { seat: number; place: number }[],
  forfeitSeat: number,
): { seat: number; place: number }[] {
  const others = standings.filter((standing) => standing.seat !== forfeitSeat);
  return [
    ...others.map(({ seat, place }) => ({
      seat,
      place: 1 + others.filter((other) => other.place < place).length,
    })),
    { seat: forfeitSeat, place: standings.length },
  ];
}
