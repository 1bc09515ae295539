/**
 * A pass-through HTTP proxy in front of the fake Discord's REST API, one address per bot process
 * (`/p<instance>/…`): it records which process wrote to which channel and when, so the bench can tell whether
 * two processes drove one game.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCEPT_BACKLOG } from '../../src/fakediscord/http/server';

export interface ChannelWrite {
  instance: number;
  /** The channel written to ('' for a write through an interaction token, until the bench names it). */
  channelId: string;
  method: string;
  at: number;
  /** A write through an interaction token (a webhook route): the token, to find its channel by. */
  token?: string;
}

export class RecordingProxy {
  readonly writes: ChannelWrite[] = [];
  private server: Server | null = null;
  private port = 0;
  private readonly target: URL;

  constructor(apiUrl: string) {
    this.target = new URL(apiUrl);
  }

  urlFor(instance: number): string {
    return `http://127.0.0.1:${this.port}/p${instance}${this.target.pathname}`;
  }

  async start(): Promise<void> {
    this.server = createServer((incoming, outgoing) => {
      const match = /^\/p(\d+)(\/.*)$/.exec(incoming.url ?? '');
      if (!match) {
        outgoing.writeHead(404).end();
        return;
      }
      const [, instance, path] = match;
      const channel = /\/channels\/(\d+)\/messages/.exec(path!);
      const webhook = /\/webhooks\/\d+\/([^/?]+)/.exec(path!);
      if (channel && incoming.method !== 'GET')
        this.writes.push({
          instance: Number(instance),
          channelId: channel[1]!,
          method: incoming.method!,
          at: Date.now(),
        });
      else if (webhook && incoming.method !== 'GET')
        this.writes.push({
          instance: Number(instance),
          channelId: '',
          method: incoming.method!,
          at: Date.now(),
          token: webhook[1]!,
        });
      const forward = request(
        {
          host: this.target.hostname,
          port: this.target.port,
          method: incoming.method,
          path,
          headers: { ...endToEndHeaders(incoming.headers), host: this.target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      // A bot that gave up (its timeout) closed the connection: a request still in this process's queue dies
      // with it, as one lost on the way would, instead of reaching the fake Discord tens of seconds late.
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) forward.destroy();
      });
      incoming.pipe(forward);
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((done) =>
      this.server!.listen({ port: 0, host: '127.0.0.1', backlog: ACCEPT_BACKLOG }, done),
    );
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }
}

/**
 * Headers without the hop-by-hop ones (RFC 9110 §7.6.1): a proxy must not pass them on. The fake's
 * `Keep-Alive: timeout=5` told each bot to drop its connection to this proxy after 4 idle seconds, so under load
 * the bots opened thousands of new connections, which waited to be accepted here behind the requests in flight.
 */
function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const hopByHop = [
    'connection',
    'keep-alive',
    'transfer-encoding',
    'proxy-connection',
    'upgrade',
    'te',
    'trailer',
  ];
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !hopByHop.includes(name) && !named.has(name)),
  );
}
