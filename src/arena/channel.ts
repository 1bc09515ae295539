/**
 * A seat's link to its program, whatever carries it (stdio now, a WebSocket later): messages out, lines in.
 * The seat driver (seat-driver.ts) speaks the protocol over it and never learns the transport.
 */
import type { HostMessage } from './protocol';

export type Incoming =
  /** One line the program wrote (at most MAX_LINE_BYTES), without its newline. */
  | { kind: 'line'; text: string }
  /** The program wrote a line longer than the limit; it was thrown away. */
  | { kind: 'oversize' }
  /** Nothing arrived within the time given. */
  | { kind: 'timeout' }
  /** The program is gone (exited, crashed, disconnected); nothing more will arrive. */
  | { kind: 'closed'; reason: string };

export interface SeatChannel {
  send(message: HostMessage): void;
  /** The next line, or `timeout` after `timeoutMs`, or `closed`. */
  receive(timeoutMs: number): Promise<Incoming>;
  /** Ends the link (for a program the arena started: stops it, by force after a short grace). */
  close(): Promise<void>;
}
