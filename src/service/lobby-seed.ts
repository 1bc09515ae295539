/** A lobby's commitment to its server seed, and the game's seed derived from it at the start (docs/fairness.md). */
import type { GameRecord, NewLobby } from '../store/index';
import type { LobbyOpening } from '../store/storage';
import { commitmentOf, deriveGameSeed, nonceAndValues } from './fairness';

/**
 * A new lobby with its commitment to a fresh server seed, or with a fixed seed (tests, replays) and no
 * commitment.
 */
export function committedLobby(
  lobby: Omit<NewLobby, 'seed'>,
  fixedSeed: string | null,
  seedSource: () => string,
): LobbyOpening {
  if (fixedSeed !== null) return { ...lobby, seed: fixedSeed };
  const serverSeed = seedSource();
  // The game's seed is derived at the start; until then the lobby holds none.
  return { ...lobby, seed: '', commitment: { serverSeed, commitment: commitmentOf(serverSeed) } };
}

/**
 * The lobby with its seed derived from its committed server seed, its id (the nonce) and the seated people's
 * values in seat order: everything in it was shown in the lobby before the start.
 */
export function withDerivedSeed(lobby: GameRecord): GameRecord {
  if (!lobby.fairness) return lobby;
  const values = lobby.seats.flatMap((seat) => (seat.clientSeed ? [seat.clientSeed] : []));
  const clientSeed = nonceAndValues(lobby.id, values);
  const seed = deriveGameSeed(lobby.fairness.serverSeed, clientSeed);
  return { ...lobby, seed, fairness: { ...lobby.fairness, clientSeed } };
}
