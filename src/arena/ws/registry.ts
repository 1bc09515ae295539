/**
 * The programs connected over the arena's WebSocket (server.ts), by Discord server: what lobbies ("Add computer")
 * and tournaments seat. A program connects once with its player token and may play at many tables at once; each
 * table is a SeatChannel over its one connection (channel.ts), so the seat driver (../seat-driver.ts) plays it
 * like any other seat. This interface is what the rest of the bot uses; keep it stable.
 */
import type { SeatChannel } from '../channel';
import type { TableInfo } from '../seat-driver';
import type { ProgramConnection } from './connection';

/** A connected program, as a lobby lists it: its token's id (never the token) and its registered name. */
export interface ConnectedProgram {
  tokenId: string;
  name: string;
}

/** What lobbies, computer turns and tournaments need of the connected programs. */
export interface ProgramDirectory {
  /** The programs of `guildId` connected now, by name. */
  connectedPrograms(guildId: string): ConnectedProgram[];
  /**
   * A channel for one table over the program's connection (its hello already said: the seat driver's handshake
   * passes at once and sends the welcome), or null when the program is not connected, or belongs to another
   * server. `table.table` names the table in every message; it must be unique among the program's open tables.
   */
  openSeat(guildId: string, tokenId: string, table: TableInfo): SeatChannel | null;
}

/** The live connections of this process, one per token. */
export class ProgramRegistry implements ProgramDirectory {
  private readonly byToken = new Map<string, ProgramConnection>();

  connectedPrograms(guildId: string): ConnectedProgram[] {
    return [...this.byToken.values()]
      .filter((connection) => connection.ready && connection.guildId === guildId)
      .map(({ tokenId, name }) => ({ tokenId, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.tokenId.localeCompare(b.tokenId));
  }

  openSeat(guildId: string, tokenId: string, table: TableInfo): SeatChannel | null {
    const connection = this.byToken.get(tokenId);
    if (!connection || connection.guildId !== guildId) return null;
    return connection.openTable(table.table);
  }

  /** Whether a connection holds the token now (a second one is refused). */
  has(tokenId: string): boolean {
    return this.byToken.has(tokenId);
  }

  get size(): number {
    return this.byToken.size;
  }

  /** Registers a connection after its hello; false (and nothing registered) when its token is connected already. */
  add(connection: ProgramConnection): boolean {
    if (this.byToken.has(connection.tokenId)) return false;
    this.byToken.set(connection.tokenId, connection);
    return true;
  }

  /** Forgets a connection that closed (only if it is the one registered for its token). */
  remove(connection: ProgramConnection): void {
    if (this.byToken.get(connection.tokenId) === connection) this.byToken.delete(connection.tokenId);
  }

  /** Closes the token's live connection (a revoked token); its tables pass to the built-in player. */
  disconnect(tokenId: string, reason: string): void {
    this.byToken.get(tokenId)?.close(4001, reason);
  }

  /** Closes every connection (the bot stops). */
  closeAll(reason: string): void {
    for (const connection of [...this.byToken.values()]) connection.close(1001, reason);
  }
}
