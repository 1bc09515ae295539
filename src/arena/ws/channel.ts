/**
 * One table over a program's WebSocket connection, as a SeatChannel. The program said hello once for its
 * connection, so the channel starts with that hello in its queue: the seat driver's handshake passes at once
 * and the welcome goes out with the table's name.
 */
import type { Incoming, SeatChannel } from '../channel';
import { PROTOCOL_VERSION, type HostMessage } from '../protocol';

export interface TableLink {
  send(message: HostMessage): void;
  /** The table is over: the connection forgets it. */
  closed(): void;
}

export class WsSeatChannel implements SeatChannel {
  private readonly queue: Incoming[];
  private waiter: ((incoming: Incoming) => void) | null = null;
  private closedReason: string | null = null;

  constructor(
    readonly table: string,
    name: string,
    private readonly link: TableLink,
  ) {
    this.queue = [
      { kind: 'line', text: JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, name }) },
    ];
  }

  send(message: HostMessage): void {
    if (this.closedReason === null) this.link.send(message);
  }

  receive(timeoutMs: number): Promise<Incoming> {
    const next = this.queue.shift();
    if (next) return Promise.resolve(next);
    if (this.closedReason !== null) return Promise.resolve({ kind: 'closed', reason: this.closedReason });
    return new Promise((done) => {
      const timer = setTimeout(
        () => {
          this.waiter = null;
          done({ kind: 'timeout' });
        },
        Math.max(0, timeoutMs),
      );
      this.waiter = (incoming) => {
        clearTimeout(timer);
        this.waiter = null;
        done(incoming);
      };
    });
  }

  async close(): Promise<void> {
    if (this.closedReason !== null) return;
    this.end('closed by the host');
    this.link.closed();
  }

  /** A message for this table. Only a few wait: the seat driver reads one answer per request. */
  deliver(incoming: Incoming): void {
    if (this.closedReason !== null) return;
    if (this.waiter) return this.waiter(incoming);
    if (this.queue.length < 8) this.queue.push(incoming);
  }

  /** The connection is gone: a waiting receive learns it now, later ones at once. */
  end(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    this.waiter?.({ kind: 'closed', reason });
  }
}
