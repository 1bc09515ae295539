/**
 * Player tokens for the arena's WebSocket (docs/players-protocol.md, "Play from anywhere"): a server manager
 * issues one per program (`/arena token`), shown once; only its SHA-256 is stored. A token names its server and
 * its program; revoking it refuses its next handshake and closes its live connection. Neither the token nor
 * its hash is ever logged or shown again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ArenaTokenRecord } from '../store/arena-tokens';
import type { ServiceContext } from './context';
import { refuse } from './context';
import type { ProgramPlayers } from './program-seats';

/** Letters and digits of any script, then also spaces, dots, dashes and underscores: 1 to 32 characters. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,31}$/u;

export interface ArenaTokenEntry {
  id: string;
  name: string;
  createdAt: number;
  /** Whether its program is connected to this process now. */
  connected: boolean;
}

export interface IssuedArenaToken {
  /** The token itself: shown once, to the manager who issued it, never stored. */
  token: string;
  id: string;
  name: string;
}

/** Who a token belongs to, for the WebSocket's handshake (src/arena/ws/connection.ts's ProgramIdentity). */
export interface ArenaTokenOwner {
  tokenId: string;
  guildId: string;
  name: string;
}

export function hashArenaToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export class ArenaTokens {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly programs: ProgramPlayers | null,
  ) {}

  /** Whether this process listens for programs (ARENA_PORT set): tokens can be issued either way. */
  get enabled(): boolean {
    return this.programs !== null;
  }

  /** A new token for the server's program `name` (refused when the name is taken by a live token). */
  async issue(guildId: string, name: string, byUserId: string): Promise<IssuedArenaToken> {
    const cleaned = name.trim();
    if (!NAME.test(cleaned)) throw refuse.invalid('refusal.arenaBadName', { name: cleaned.slice(0, 40) });
    const token = randomBytes(32).toString('base64url');
    const id = randomBytes(6).toString('hex');
    const issued = await this.ctx.store.arenaTokens.issue({
      id,
      guildId,
      name: cleaned,
      tokenHash: hashArenaToken(token),
      createdBy: byUserId,
      createdAt: this.ctx.clock.now(),
    });
    if (!issued) throw refuse.invalid('refusal.arenaNameTaken', { name: cleaned });
    return { token, id, name: cleaned };
  }

  /** Revokes the server's token `name`: its program is disconnected now and refused from now on. */
  async revoke(guildId: string, name: string): Promise<ArenaTokenRecord> {
    const revoked = await this.ctx.store.arenaTokens.revoke(guildId, name.trim(), this.ctx.clock.now());
    if (!revoked) throw refuse.invalid('refusal.arenaNoToken', { name: name.trim().slice(0, 40) });
    this.programs?.disconnect?.(revoked.id, 'the token was revoked');
    return revoked;
  }

  async list(guildId: string): Promise<ArenaTokenEntry[]> {
    const connected = new Set(this.programs?.connectedPrograms(guildId).map((program) => program.tokenId));
    const tokens = await this.ctx.store.arenaTokens.list(guildId);
    return tokens.map(({ id, name, createdAt }) => ({ id, name, createdAt, connected: connected.has(id) }));
  }

  /** The live token's owner, or null (unknown or revoked). */
  async verify(token: string): Promise<ArenaTokenOwner | null> {
    const record = await this.ctx.store.arenaTokens.byHash(hashArenaToken(token));
    return record ? { tokenId: record.id, guildId: record.guildId, name: record.name } : null;
  }
}
