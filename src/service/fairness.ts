/**
 * Provably fair seeds (docs/fairness.md): the bot commits to a secret server seed when a lobby opens (its SHA-256
 * is shown), the players supply a value after that (the Start interaction's id), and the game's seed is
 * HMAC-SHA256(server seed, players' value). The server seed is revealed once the game is over.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A fresh secret server seed: 32 random bytes as hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The public commitment to a server seed: its SHA-256 as hex. */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The game's seed: HMAC-SHA256 keyed with the server seed over the players' value, as hex. */
export function deriveGameSeed(serverSeed: string, clientSeed: string): string {
  return createHmac('sha256', serverSeed).update(clientSeed, 'utf8').digest('hex');
}

/** How much of the commitment the lobby and the board show. */
export const SHORT_COMMITMENT_LENGTH = 16;

export function shortCommitment(commitment: string): string {
  return commitment.slice(0, SHORT_COMMITMENT_LENGTH);
}
