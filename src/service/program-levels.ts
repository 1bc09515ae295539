/**
 * An outside program's seat is a computer seat whose level is `program:<token id>` (src/service/program-seats.ts):
 * no schema change (seats.level is free text), and its ratings key (`program:<token id>`) can never be a
 * Discord user's id or a built-in level's `computer:<level>`.
 */
export const PROGRAM_LEVEL_PREFIX = 'program:';

export function programLevel(tokenId: string): string {
  return `${PROGRAM_LEVEL_PREFIX}${tokenId}`;
}

/** The token id of a program seat's level, or null for a built-in level. */
export function programTokenOf(level: string | null | undefined): string | null {
  return level?.startsWith(PROGRAM_LEVEL_PREFIX) ? level.slice(PROGRAM_LEVEL_PREFIX.length) : null;
}
