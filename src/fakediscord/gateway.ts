import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayOpcodes,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
} from 'discord.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { PRIVILEGED_INTENTS } from './api-types';
import { asRecord, isRecord, optionalNumber, optionalString, type JsonRecord } from './json';
import { ownsGuild, parseShard, type ShardInfo } from './sharding';

/** What the gateway needs from the rest of the fake. */
export interface GatewayHost {
  /** null accepts any token. */
  token: string | null;
  heartbeatIntervalMs: number;
  /** Privileged intent bits the application may ask for (others close the connection with 4014). */
  privilegedIntents: number;
  gatewayUrl(): string;
  /** A session holding more guilds than this is closed with 4011 (sharding required). */
  maxGuildsPerSession: number;
  readyData(sessionId: string, shard: ShardInfo): GatewayReadyDispatchData;
  /** The announced guilds the shard holds. */
  guildCreates(shard: ShardInfo): GatewayGuildCreateDispatchData[];
  guildCount(shard: ShardInfo): number;
  /** Members of a guild for op 8 (REQUEST_GUILD_MEMBERS), limited to `userIds` when given. */
  membersChunk(guildId: string, userIds: string[] | null): unknown[];
  sessionReady(sessionId: string): void;
}

interface SentDispatch {
  s: number;
  t: string;
  d: unknown;
}

/** One gateway session: survives a dropped connection until resumed (or is replaced by a new IDENTIFY). */
class GatewaySession {
  socket: WebSocket | null = null;
  seq = 0;
  readonly sent: SentDispatch[] = [];

  constructor(
    readonly id: string,
    readonly intents: number,
    readonly shard: ShardInfo,
  ) {}

  wants(intent: number | null, guildId: string | null): boolean {
    return (intent === null || (this.intents & intent) !== 0) && ownsGuild(this.shard, guildId);
  }

  dispatch(t: string, d: unknown): void {
    this.seq += 1;
    const packet = { s: this.seq, t, d };
    this.sent.push(packet);
    if (this.sent.length > 1000) this.sent.shift();
    this.send({ op: GatewayOpcodes.Dispatch, ...packet });
  }

  send(payload: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(payload));
  }
}

/**
 * The gateway websocket (JSON text frames, no compression): HELLO, IDENTIFY -> READY + GUILD_CREATE,
 * heartbeat ACKs, RESUME with replay, and dispatches to every session whose intents want them.
 */
export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, GatewaySession>();

  constructor(private readonly host: GatewayHost) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  /**
   * Sends a dispatch to the sessions that want it (intent null: any intents) and hold the guild's shard (guild
   * null: shard 0, as for direct messages); returns how many live sockets got it.
   */
  dispatch(
    event: GatewayDispatchEvents | string,
    data: unknown,
    intent: number | null,
    guildId: string | null,
  ): number {
    let delivered = 0;
    for (const session of this.sessions.values()) {
      if (!session.wants(intent, guildId)) continue;
      session.dispatch(event, data);
      if (session.socket?.readyState === WebSocket.OPEN) delivered += 1;
    }
    return delivered;
  }

  /** The shards of the sessions with an open socket, as `[id, count]`. */
  get connectedShards(): [number, number][] {
    return [...this.sessions.values()]
      .filter((s) => s.socket?.readyState === WebSocket.OPEN)
      .map((s) => [s.shard.id, s.shard.count]);
  }

  /** Sessions with an open socket. */
  get connectedSessions(): number {
    return [...this.sessions.values()].filter((s) => s.socket?.readyState === WebSocket.OPEN).length;
  }

  /** Asks every client to reconnect and resume (op 7), like Discord does during maintenance. */
  requestReconnect(): void {
    for (const session of this.sessions.values()) session.send({ op: GatewayOpcodes.Reconnect, d: null });
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(ws: WebSocket): void {
    let session: GatewaySession | null = null;
    ws.send(
      JSON.stringify({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.host.heartbeatIntervalMs } }),
    );
    ws.on('message', (raw: RawData) => {
      const payload = parsePayload(raw);
      if (!payload) return ws.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
      session = this.onPayload(ws, session, payload);
    });
    ws.on('close', (code: number) => this.onClose(ws, session, code));
  }

  private onPayload(
    ws: WebSocket,
    session: GatewaySession | null,
    payload: JsonRecord,
  ): GatewaySession | null {
    const data = payload['d'];
    switch (payload['op']) {
      case GatewayOpcodes.Heartbeat:
        ws.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
        return session;
      case GatewayOpcodes.Identify:
        return this.identify(ws, session, asRecord(data));
      case GatewayOpcodes.Resume:
        return this.resume(ws, session, asRecord(data));
      case GatewayOpcodes.RequestGuildMembers:
        if (session) this.sendMembers(session, asRecord(data));
        return session;
      default:
        return session;
    }
  }

  private authorized(ws: WebSocket, token: string | undefined): boolean {
    if (this.host.token === null || token === this.host.token) return true;
    ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    return false;
  }

  private identify(ws: WebSocket, current: GatewaySession | null, data: JsonRecord): GatewaySession | null {
    if (current) {
      ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
      return current;
    }
    if (!this.authorized(ws, optionalString(data, 'token'))) return null;
    const intents = optionalNumber(data, 'intents') ?? 0;
    if ((intents & PRIVILEGED_INTENTS & ~this.host.privilegedIntents) !== 0) {
      ws.close(GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
      return null;
    }
    const shard = parseShard(data['shard']);
    if (!shard) {
      ws.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return null;
    }
    if (this.host.guildCount(shard) > this.host.maxGuildsPerSession) {
      ws.close(GatewayCloseCodes.ShardingRequired, 'Sharding required.');
      return null;
    }
    const session = new GatewaySession(randomBytes(16).toString('hex'), intents, shard);
    session.socket = ws;
    this.sessions.set(session.id, session);
    session.dispatch(GatewayDispatchEvents.Ready, this.host.readyData(session.id, shard));
    for (const guild of this.host.guildCreates(shard))
      session.dispatch(GatewayDispatchEvents.GuildCreate, guild);
    this.host.sessionReady(session.id);
    return session;
  }

  private resume(ws: WebSocket, current: GatewaySession | null, data: JsonRecord): GatewaySession | null {
    if (!this.authorized(ws, optionalString(data, 'token'))) return null;
    const session = this.sessions.get(optionalString(data, 'session_id') ?? '');
    const seq = optionalNumber(data, 'seq') ?? 0;
    const replayable = session !== undefined && (session.sent[0]?.s ?? 1) <= seq + 1;
    if (current || !session || !replayable || session.socket?.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
      return current;
    }
    session.socket = ws;
    for (const packet of session.sent.filter((p) => p.s > seq))
      session.send({ op: GatewayOpcodes.Dispatch, ...packet });
    session.dispatch(GatewayDispatchEvents.Resumed, null);
    return session;
  }

  private sendMembers(session: GatewaySession, data: JsonRecord): void {
    const guildId = optionalString(data, 'guild_id') ?? '';
    const userIds = data['user_ids'];
    const ids = typeof userIds === 'string' ? [userIds] : Array.isArray(userIds) ? userIds.map(String) : null;
    session.dispatch(GatewayDispatchEvents.GuildMembersChunk, {
      guild_id: guildId,
      members: this.host.membersChunk(guildId, ids),
      chunk_index: 0,
      chunk_count: 1,
      ...(typeof data['nonce'] === 'string' ? { nonce: data['nonce'] } : {}),
    });
  }

  private onClose(ws: WebSocket, session: GatewaySession | null, code: number): void {
    if (!session || session.socket !== ws) return;
    session.socket = null;
    // A clean close (1000/1001) ends the session, like on Discord; other codes keep it resumable.
    if (code === 1000 || code === 1001) this.sessions.delete(session.id);
  }
}

function parsePayload(raw: RawData): JsonRecord | null {
  try {
    const text = Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.from(raw as ArrayBuffer).toString('utf8');
    const payload: unknown = JSON.parse(text);
    return isRecord(payload) ? payload : null;
  } catch {
    return null;
  }
}
