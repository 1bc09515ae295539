/**
 * A small outside program for the tests: connects to the arena's WebSocket with a player token, says hello and
 * plays every table it is welcomed at, well or badly (`behaviour`), recording what the host sent.
 */
import WebSocket from 'ws';

export type Behaviour =
  /** A random legal action, at once. */
  | 'good'
  /** Lines that are not JSON. */
  | 'malformed'
  /** An action that is not legal. */
  | 'illegal'
  /** A legal action, after `slowMs`. */
  | 'slow';

export interface ProgramOptions {
  port: number;
  token: string;
  name?: string;
  behaviour?: Behaviour;
  slowMs?: number;
  /** Leave out `table` from answers (the host routes them to the table asked last). */
  noTable?: boolean;
}

type Message = Record<string, unknown> & { type: string };

/** A refused handshake: the HTTP status the server answered. */
export class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused with HTTP ${status}`);
  }
}

export class TestProgram {
  readonly received: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  behaviour: Behaviour;
  answers = 0;

  private constructor(
    readonly socket: WebSocket,
    private readonly options: ProgramOptions,
  ) {
    this.behaviour = options.behaviour ?? 'good';
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => this.onMessage(JSON.parse(String(data)) as Message));
  }

  /** Connects, says hello and resolves once the host answered `ready`; rejects with Refused on an HTTP refusal. */
  static connect(options: ProgramOptions): Promise<TestProgram> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${options.port}/`, {
        headers: { Authorization: `Bearer ${options.token}` },
      });
      socket.on('unexpected-response', (_request, response) => {
        reject(new Refused(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.on('error', (error) => reject(error));
      socket.on('open', () => {
        const program = new TestProgram(socket, options);
        socket.once('message', (data) => {
          const first = JSON.parse(String(data)) as Message;
          if (first.type === 'ready') resolve(program);
          else reject(new Error(`the host answered the hello with ${String(data)}`));
        });
        socket.send(JSON.stringify({ type: 'hello', protocol: 1, name: options.name ?? 'test-program' }));
      });
    });
  }

  of(type: string): Message[] {
    return this.received.filter((message) => message.type === type);
  }

  send(text: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  close(): void {
    this.socket.close();
  }

  private onMessage(message: Message): void {
    this.received.push(message);
    if (message.type !== 'move') return;
    const legal = message.legal as unknown[];
    const action = legal[Math.floor(Math.random() * legal.length)];
    const table = this.options.noTable ? {} : { table: message.table };
    const answer = (value: unknown) =>
      this.send(JSON.stringify({ type: 'action', id: message.id, ...table, action: value }));
    this.answers += 1;
    switch (this.behaviour) {
      case 'good':
        return answer(action);
      case 'malformed':
        return this.send('{"type": "action", this is not JSON');
      case 'illegal':
        return answer({ type: 'no-such-move', table: 'x' });
      case 'slow':
        setTimeout(() => answer(action), this.options.slowMs ?? 3000);
        return;
    }
  }
}
