/**
 * A new lobby written to the store (opened, or a rematch): a free game id, its commitment to a server seed
 * (lobby-seed.ts), and the refusal when its channel already has an open game.
 */
import { randomInt } from 'node:crypto';
import { CURRENT_GENERATOR } from '../games/kit/random';
import { ChannelBusyError, type NewLobby } from '../store/index';
import { refuse, type ServiceContext } from './context';
import { committedLobby } from './lobby-seed';

const GAME_ID_LENGTH = 8;

export function randomGameId(): string {
  let id = '';
  for (let i = 0; i < GAME_ID_LENGTH; i++) id += randomInt(36).toString(36);
  return id;
}

export interface LobbySources {
  seedSource: () => string;
  idSource: () => string;
  /** The value drawn for a seated person who typed none (docs/fairness.md). */
  clientSeedSource: () => string;
}

/**
 * Writes the lobby under a free id, committed to a fresh server seed unless its seed is fixed; refused when
 * the channel has an open game. Returns its id.
 */
export async function createLobby(
  ctx: ServiceContext,
  sources: LobbySources,
  lobby: Omit<NewLobby, 'id' | 'seed' | 'now' | 'generator'>,
  fixedSeed: string | null,
): Promise<string> {
  const id = await newGameId(ctx, sources.idSource);
  const opening = { ...lobby, id, now: ctx.clock.now(), generator: CURRENT_GENERATOR };
  try {
    await ctx.store.games.createLobby(committedLobby(opening, fixedSeed, sources.seedSource));
  } catch (error) {
    if (error instanceof ChannelBusyError) throw refuse.channelBusy();
    throw error;
  }
  return id;
}

async function newGameId(ctx: ServiceContext, idSource: () => string): Promise<string> {
  for (;;) {
    const id = idSource();
    if (!(await ctx.store.games.hasGame(id))) return id;
  }
}
