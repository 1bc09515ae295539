/**
 * One program's WebSocket connection, after its token was accepted: its hello, then its tables. Each WebSocket
 * text message is one protocol message (no newline needed). Answers are routed to their table by the `table`
 * they carry, or, without one, to the table that sent the latest request. A program that sends faster than
 * its rate (its answers to requests aside: a program at many tables answers as fast as it is asked), or stops
 * reading what it is sent, is disconnected; its tables pass to the built-in player.
 */
import type WebSocket from 'ws';
import { parseLine, PROTOCOL_VERSION, readHello, type HostMessage } from '../protocol';
import { WsSeatChannel } from './channel';

/** What the token says about the program: never the token itself. */
export interface ProgramIdentity {
  tokenId: string;
  guildId: string;
  name: string;
}

export interface ConnectionLimits {
  /** Messages a second a program may send on average… */
  messagesPerSecond: number;
  /** …and at once. */
  messageBurst: number;
  /** Bytes the bot may have queued for a program that does not read before it is disconnected. */
  maxBufferedBytes: number;
}

/** The first message from the host once the hello is accepted (not part of a table). */
export interface ReadyMessage {
  type: 'ready';
  protocol: number;
  /** The name the program plays under: the one its token was issued for. */
  name: string;
}

export class ProgramConnection {
  readonly tokenId: string;
  readonly guildId: string;
  readonly name: string;
  private helloSaid = false;
  private readonly tables = new Map<string, WsSeatChannel>();
  private lastAsked: string | null = null;
  private tokens: number;
  /** Requests sent and not answered yet: an answer to one never counts against the rate. */
  private owed = 0;
  private refilledAt: number;
  private closedReason: string | null = null;

  constructor(
    private readonly socket: WebSocket,
    identity: ProgramIdentity,
    private readonly limits: ConnectionLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokenId = identity.tokenId;
    this.guildId = identity.guildId;
    this.name = identity.name;
    this.tokens = limits.messageBurst;
    this.refilledAt = now();
  }

  /** Whether the program said hello (only then is it listed and seated). */
  get ready(): boolean {
    return this.helloSaid && this.closedReason === null;
  }

  /** A message from the program. */
  receive(text: string): void {
    if (this.closedReason !== null) return;
    if (!this.takeToken()) return this.close(1008, 'more messages than the rate allows');
    if (!this.helloSaid) return this.hello(text);
    const parsed = parseLine(text);
    const named = parsed.ok && typeof parsed.value.table === 'string' ? parsed.value.table : null;
    const table = this.tables.get(named ?? this.lastAsked ?? '');
    table?.deliver({ kind: 'line', text });
  }

  /** A table's channel over this connection, or null when the program is not ready or has the table open. */
  openTable(table: string): WsSeatChannel | null {
    if (!this.ready || this.tables.has(table)) return null;
    const channel = new WsSeatChannel(table, this.name, {
      send: (message) => this.sendTable(table, message),
      closed: () => this.tables.delete(table),
    });
    this.tables.set(table, channel);
    return channel;
  }

  /** The socket closed (or is closed now): every open table learns it. */
  ended(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const channel of this.tables.values()) channel.end(reason);
    this.tables.clear();
  }

  close(code: number, reason: string): void {
    this.ended(reason);
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING)
      this.socket.close(code, reason.slice(0, 120));
  }

  send(message: object): void {
    if (this.closedReason !== null || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes)
      return this.close(1008, 'the program does not read its messages');
    this.socket.send(JSON.stringify(message));
  }

  private sendTable(table: string, message: HostMessage): void {
    if (message.type === 'move') {
      this.lastAsked = table;
      this.owed += 1;
    }
    this.send('table' in message ? message : { ...message, table });
  }

  private hello(text: string): void {
    const parsed = parseLine(text);
    const hello = parsed.ok ? readHello(parsed.value) : { problem: parsed.problem };
    if (!('type' in hello)) {
      this.send({ type: 'error', message: hello.problem });
      return this.close(4002, 'no valid hello');
    }
    this.helloSaid = true;
    const ready: ReadyMessage = { type: 'ready', protocol: PROTOCOL_VERSION, name: this.name };
    this.send(ready);
  }

  private takeToken(): boolean {
    if (this.owed > 0) {
      this.owed -= 1;
      return true;
    }
    const now = this.now();
    const refill = ((now - this.refilledAt) / 1000) * this.limits.messagesPerSecond;
    this.tokens = Math.min(this.limits.messageBurst, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
