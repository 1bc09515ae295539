/** A page of a guild's finished games (for `/<game> history`), on either engine. */
export interface ArchiveQuery {
  guildId: string;
  gameKey: string;
  /** Only the games this user held a seat in (left or not); null for everyone's. */
  userId: string | null;
  offset: number;
  limit: number;
}

export type ArchiveFilter = Pick<ArchiveQuery, 'guildId' | 'gameKey' | 'userId'>;
