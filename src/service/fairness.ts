/**
 * Provably fair seeds (docs/fairness.md): the bot commits to a secret server seed when a lobby opens (its SHA-256
 * is shown in full), each seated person's value (typed, or drawn and shown) is fixed in the lobby, and at the
 * start the game's seed is HMAC-SHA256(server seed, "<game id>:<value 1>:<value 2>…"). The server seed is
 * revealed once the game is over.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { HMAC_GENERATOR, type GeneratorVersion } from '../games/kit/random';

/** A fresh secret server seed: 32 random bytes as hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The public commitment to a server seed: its SHA-256 as hex (64 digits). */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** A commitment as shown and compared: always all 64 hex digits. */
export const COMMITMENT_PATTERN = /^[0-9a-f]{64}$/;

/** The game's seed: HMAC-SHA256 keyed with the server seed over the players' part, as hex. */
export function deriveGameSeed(serverSeed: string, clientSeed: string): string {
  return createHmac('sha256', serverSeed).update(clientSeed, 'utf8').digest('hex');
}

/** What a seated person may type as their value: 1 to 64 letters, digits, '-', '_' or '.'. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const CLIENT_SEED_MAX_LENGTH = 64;

export function isClientSeed(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_SEED_PATTERN.test(value);
}

/** A value drawn for a person who typed none: 8 random bytes as hex, shown in the lobby. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The players' part of a generator 2 game's seed: its id (the nonce) and each seated person's value in seat
 * order, joined by ':' (no value may contain one).
 */
export function nonceAndValues(nonce: string, values: readonly string[]): string {
  return [nonce, ...values].join(':');
}

/**
 * The key of a computer's own stream for the choice it makes at `version` (a computer is reproducible). Generator
 * 2 games key it by an HMAC of the game's seed, so a computer's choices tell nothing of the dice.
 */
export function computerStreamKey(
  seed: string,
  generator: GeneratorVersion | undefined,
  version: number,
): string {
  if (generator === HMAC_GENERATOR)
    return createHmac('sha256', seed).update(`computer:${version}`, 'utf8').digest('hex');
  return `${seed}:ai:${version}`;
}
