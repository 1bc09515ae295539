import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeApp } from '../app';
import { Errors } from '../errors';
import type { CrashSimulator, CrashVerdict } from '../crashes';
import type { FaultInjector } from '../faults';
import type { Gateway } from '../gateway';
import { GlobalBudget } from '../global-budget';
import { isInteractionRoute, routeBucketOf, RouteBuckets } from '../route-limits';
import type { RestLogEntry } from '../model';
import type { RouteDefinition, RouteResult } from '../routes/types';
import {
  bucketHeaders,
  errorAnswer,
  faultAnswer,
  rateLimitHeaders,
  routeLimitAnswer,
  type Answer,
} from './answers';
import { apiPath, readRequest, type ParsedRequest } from './request';
import { Router } from './router';

/** Connections waiting to be accepted (the kernel caps it at net.core.somaxconn). */
const ACCEPT_BACKLOG = 4096;

export interface HttpServerDeps {
  app: FakeApp;
  faults: FaultInjector;
  crashes: CrashSimulator;
  gateway: Gateway;
  routes: RouteDefinition[];
  onRequest(entry: RestLogEntry): void;
}

/** One HTTP server on 127.0.0.1 for REST (/api/v10/...), attachments (/attachments/...) and the gateway (/gateway). */
export class FakeHttpServer {
  private readonly server: Server;
  private readonly router = new Router<RouteDefinition>();
  private seq = 0;
  private readonly budget: GlobalBudget;
  private readonly buckets: RouteBuckets;
  private readonly kinds = { global: 0, interaction: 0 };

  constructor(private readonly deps: HttpServerDeps) {
    this.budget = new GlobalBudget(deps.app.options.globalRequestsPerSecond);
    this.buckets = new RouteBuckets(deps.app.options.routeLimits);
    for (const route of deps.routes) this.router.add(route.method, route.template, route);
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
      if ((req.url ?? '').startsWith('/gateway')) deps.gateway.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
  }

  /**
   * Listens on 127.0.0.1 (port 0: a free random port) and returns the port. Bots under load open hundreds of
   * connections at once: beyond the queue of connections not yet accepted (Node's default 511) the kernel drops
   * them and the bots' connects time out, as Discord's edge never makes them.
   */
  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host: '127.0.0.1', backlog: ACCEPT_BACKLOG }, () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  get peakRequestsPerSecond(): number {
    return this.budget.peakPerSecond;
  }

  /**
   * Requests that reached a route, by the limit Discord counts them against: the bot's global budget, or
   * none (interaction routes); and how many a per-route limit refused.
   */
  get requestCounts(): { global: number; interaction: number; perRouteRefused: number } {
    return { ...this.kinds, perRouteRefused: this.buckets.refused };
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const receivedAtHr = performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/attachments/')) return this.serveAttachment(url, res);
    const { client, pathname } = clientTag(url.pathname);
    const path = apiPath(pathname);
    if (path === null) {
      return send(res, { status: 404, body: Errors.notFound().body, headers: {}, fault: null });
    }
    let parsed: ParsedRequest | null = null;
    let template: string | null = null;
    let answer: Answer;
    let verdict: CrashVerdict = 'serve';
    try {
      parsed = await readRequest(req, url, path, receivedAt, receivedAtHr);
      const match = this.router.match(parsed.method, path);
      template = match !== null && match !== 'method-not-allowed' ? match.template : null;
      verdict = this.crashVerdict(parsed, template);
      if (verdict === 'hold') return;
      answer = await this.answer(parsed, match, template);
    } catch (error) {
      answer = errorAnswer(error, template);
    }
    // A crashed bot never reads the answer: the connection stays open until the server closes.
    if (verdict === 'apply-then-hold') return;
    send(res, answer);
    this.log(req, parsed, path, template, answer, { receivedAt, receivedAtHr, client });
  }

  private async answer(
    req: ParsedRequest,
    match: ReturnType<Router<RouteDefinition>['match']>,
    template: string | null,
  ): Promise<Answer> {
    const fault = this.deps.faults.take(req.method, req.path, template);
    if (fault) return faultAnswer(fault, template ?? req.path);
    if (match === null) throw Errors.notFound();
    if (match === 'method-not-allowed') throw Errors.methodNotAllowed();
    if (isInteractionRoute(match.template)) this.kinds.interaction += 1;
    else if (match.handler.auth) this.kinds.global += 1;
    if (match.handler.auth) {
      this.checkAuth(req);
      const waitSeconds = this.budget.take(botToken(req) ?? '', Date.now());
      if (waitSeconds !== null) {
        return faultAnswer({ status: 429, global: true, retryAfterMs: waitSeconds * 1000 }, match.template);
      }
    }
    const bucketOf = routeBucketOf(req.method, match.template, match.params);
    // Counted when it arrived, the time the request log gives it (reading a large body can take a while).
    const bucket = bucketOf && this.buckets.take(bucketOf, req.receivedAt);
    if (bucket && bucket.retryAfter !== null) return routeLimitAnswer(bucket, match.template);
    const result: RouteResult = await match.handler.handler({
      app: this.deps.app,
      req,
      params: match.params,
    });
    return {
      status: result.status,
      body: result.body,
      headers: bucket ? bucketHeaders(bucket, match.template) : rateLimitHeaders(match.template),
      fault: null,
    };
  }

  private crashVerdict(req: ParsedRequest, template: string | null): CrashVerdict {
    const botToken = /^Bot (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    return this.deps.crashes.decide(
      { method: req.method, path: req.path, template, botToken, body: req.json },
      () => this.deps.app.interactions.tokens(),
    );
  }

  private checkAuth(req: ParsedRequest): void {
    const token = botToken(req);
    const expected = this.deps.app.options.token;
    if (token === undefined || (expected !== null && token !== expected)) throw Errors.unauthorized();
  }

  private serveAttachment(url: URL, res: ServerResponse): void {
    const [, , channelId, attachmentId] = url.pathname.split('/');
    const attachment = this.deps.app.state.attachments.get(attachmentId ?? '');
    if (!attachment || attachment.channelId !== channelId) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res
      .writeHead(200, {
        'content-type': attachment.contentType,
        'content-length': String(attachment.size),
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      })
      .end(attachment.data);
  }

  private log(
    req: IncomingMessage,
    parsed: ParsedRequest | null,
    path: string,
    template: string | null,
    answer: Answer,
    { receivedAt, receivedAtHr, client }: { receivedAt: number; receivedAtHr: number; client: number | null },
  ): void {
    const body = answer.body;
    const errorCode =
      answer.status >= 400 &&
      typeof body === 'object' &&
      body !== null &&
      'code' in body &&
      typeof body.code === 'number'
        ? body.code
        : null;
    this.seq += 1;
    this.deps.onRequest({
      seq: this.seq,
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      route: template,
      query: Object.fromEntries(parsed?.query ?? []),
      status: answer.status,
      errorCode,
      fault: answer.fault,
      authorized: req.headers.authorization !== undefined,
      receivedAt,
      durationMs: performance.now() - receivedAtHr,
      client,
      body: parsed?.json,
      fileNames: parsed?.files.map((f) => f.filename) ?? [],
    });
  }
}

/**
 * `/c<n>/api/…` is `/api/…` asked by client `n` (FakeDiscord.apiUrlFor): the request log names the client, so a
 * benchmark can tell which of its processes made a request without a proxy in between.
 */
function clientTag(pathname: string): { client: number | null; pathname: string } {
  const tagged = /^\/c(\d{1,4})(\/api(?:\/.*)?)$/.exec(pathname);
  return tagged ? { client: Number(tagged[1]), pathname: tagged[2]! } : { client: null, pathname };
}

function send(res: ServerResponse, answer: Answer): void {
  if (answer.status === 204 || answer.body === undefined) {
    res.writeHead(answer.status, answer.headers).end();
    return;
  }
  const payload = JSON.stringify(answer.body);
  res
    .writeHead(answer.status, {
      ...answer.headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
    })
    .end(payload);
}

function botToken(req: ParsedRequest): string | undefined {
  return /^Bot (.+)$/.exec(req.headers.authorization ?? '')?.[1];
}
