/**
 * The arena's WebSocket server: programs anywhere connect in with a player token (the bot never dials out).
 * Off unless ARENA_PORT is set; binds 127.0.0.1 unless ARENA_HOST says otherwise (put TLS in front: see
 * docs/operations.md). The token is checked in the HTTP upgrade (`Authorization: Bearer <token>`) before the
 * socket opens: a refused program gets a plain HTTP status (401 unknown or revoked token, 409 its token is
 * connected already, 429 too many handshakes from its address, 503 the server is full). Messages are bounded in
 * size (a larger one closes that socket only) and rate. Logs name the program, never its token.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { silentLogger, type Logger } from '../../logger';
import { ProgramConnection, type ConnectionLimits, type ProgramIdentity } from './connection';
import type { ProgramRegistry } from './registry';

export interface ArenaLimits extends ConnectionLimits {
  /** The largest message a program may send, in bytes (ws maxPayload). */
  maxPayloadBytes: number;
  /** Connections at once, all programs together. */
  maxConnections: number;
  /** Handshakes one address may try per minute (refused ones count). */
  handshakesPerMinute: number;
  /** How long a connected program has to say hello. */
  helloTimeoutMs: number;
  /**
   * How often the server pings each program: one that has not answered the previous ping (its machine slept,
   * its network went away) is dropped, so its token can connect again.
   */
  pingEveryMs: number;
}

export const DEFAULT_ARENA_LIMITS: ArenaLimits = {
  maxPayloadBytes: 64 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxConnections: 200,
  handshakesPerMinute: 30,
  helloTimeoutMs: 10_000,
  pingEveryMs: 30_000,
};

export interface ArenaServerOptions {
  port: number;
  host: string;
  registry: ProgramRegistry;
  /** The program a token belongs to, or null for an unknown or revoked token. */
  verifyToken(token: string): Promise<ProgramIdentity | null>;
  limits?: Partial<ArenaLimits>;
  logger?: Logger;
}

export interface ArenaServer {
  /** The port it listens on (the one chosen when ARENA_PORT is 0). */
  readonly port: number;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  409: 'Conflict',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

function refuse(socket: Duplex, status: number, why: string): void {
  if (socket.destroyed) return;
  const text = STATUS_TEXT[status] ?? 'Refused';
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(why) + 1}\r\n\r\n${why}\n`,
  );
  socket.destroy();
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Handshakes per address in the current minute, forgetting old minutes. */
class HandshakeCounter {
  private counts = new Map<string, { since: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  allow(address: string, now: number): boolean {
    const entry = this.counts.get(address);
    if (!entry || now - entry.since >= 60_000) {
      if (this.counts.size > 10_000) this.forgetOld(now);
      this.counts.set(address, { since: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.perMinute;
  }

  private forgetOld(now: number): void {
    for (const [address, entry] of this.counts) if (now - entry.since >= 60_000) this.counts.delete(address);
  }
}

export async function startArenaServer(options: ArenaServerOptions): Promise<ArenaServer> {
  const limits = { ...DEFAULT_ARENA_LIMITS, ...options.limits };
  const logger = options.logger ?? silentLogger;
  const { registry } = options;
  const handshakes = new HandshakeCounter(limits.handshakesPerMinute);
  const pending = new Set<string>();
  const sockets = new Set<import('ws').WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes,
    perMessageDeflate: false,
  });
  const http = createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Connect with a WebSocket and your player token: see docs/players-protocol.md\n');
  });

  const accept = (socket: import('ws').WebSocket, identity: ProgramIdentity) => {
    const connection = new ProgramConnection(socket, identity, limits);
    sockets.add(socket);
    registry.add(connection);
    const program = { program: identity.name, guildId: identity.guildId };
    logger.info('arena: a program connected', undefined, program);
    const hello = setTimeout(() => {
      if (!connection.ready) connection.close(4002, `no hello within ${limits.helloTimeoutMs} ms`);
    }, limits.helloTimeoutMs);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, limits.pingEveryMs);
    socket.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      connection.receive(isBinary ? '\u0000binary' : bytes.toString('utf8'));
    });
    // A message over the size limit (or a broken frame): ws closes the socket; its tables end now.
    socket.on('error', (error) => {
      registry.remove(connection);
      connection.ended(`the connection failed: ${error.message}`);
    });
    socket.on('close', (code) => {
      clearTimeout(hello);
      clearInterval(ping);
      sockets.delete(socket);
      registry.remove(connection);
      connection.ended(`the program disconnected (code ${code})`);
      logger.info('arena: a program disconnected', undefined, { ...program, code });
    });
  };

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    if (!handshakes.allow(request.socket.remoteAddress ?? '', Date.now()))
      return refuse(socket, 429, 'too many connection attempts from this address; wait a minute');
    if (sockets.size + pending.size >= limits.maxConnections)
      return refuse(socket, 503, 'the arena is full; try again later');
    const token = bearerToken(request.headers.authorization);
    if (token === null)
      return refuse(socket, 401, 'send your player token as "Authorization: Bearer <token>"');
    let identity: ProgramIdentity | null;
    try {
      identity = await options.verifyToken(token);
    } catch (error) {
      logger.warn('arena: a token could not be checked', error);
      return refuse(socket, 503, 'the token could not be checked; try again later');
    }
    if (identity === null) return refuse(socket, 401, 'unknown or revoked player token');
    if (registry.has(identity.tokenId) || pending.has(identity.tokenId))
      return refuse(socket, 409, 'this token is connected already (one connection per token)');
    if (socket.destroyed) return;
    const known = identity;
    pending.add(known.tokenId);
    socket.once('close', () => pending.delete(known.tokenId));
    wss.handleUpgrade(request, socket, head, (ws) => {
      pending.delete(known.tokenId);
      accept(ws, known);
    });
  };
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void upgrade(request, socket, head).catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info(`arena: listening for programs on ${options.host}:${port}`);
  return {
    port,
    async close() {
      registry.closeAll('the bot is stopping');
      for (const socket of sockets) socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
