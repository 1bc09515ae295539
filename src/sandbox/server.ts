import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeDiscord, StoredMessage } from '../fakediscord/index';
import type { Logger } from '../logger';
import type { CommandPaths } from './command-paths';
import { commandNames } from './command-tree';
import { HttpAnswer, readJson, refuse, sendJson } from './http-json';
import { localeOfLanguage, type SandboxLanguages } from './languages';
import { PageActions } from './page-actions';
import { pageMessage, type PageMessage } from './page-view';
import { refusalOf } from './request-guard';
import { sendFile } from './static-files';
import type { SandboxWorld } from './world';

/**
 * The sandbox page's server on 127.0.0.1: the page itself, a JSON API and a Server-Sent Events stream. It only
 * talks to the fake Discord (reads its messages, injects interactions as the chosen local user); the bot sees
 * exactly what it would see on Discord.
 */

const SNAPSHOT_SIZE = 200;
const KEEPALIVE_MS = 20_000;

interface Subscriber {
  response: ServerResponse;
  channelId: string;
  userId: string;
}

export interface PageServerOptions {
  fake: FakeDiscord;
  world: SandboxWorld;
  logger: Logger;
  /** "hare start" by interaction id, for the "Alice used /hare start" line above a reply. */
  commandPaths: CommandPaths;
  /** The players' and the server's language settings. */
  languages: SandboxLanguages;
}

export class PageServer {
  private readonly server: http.Server;
  private readonly subscribers = new Set<Subscriber>();
  private readonly commandPaths: CommandPaths;
  private readonly keepalive: ReturnType<typeof setInterval>;
  private readonly fake: FakeDiscord;
  private readonly world: SandboxWorld;
  private readonly logger: Logger;
  private readonly languages: SandboxLanguages;
  private readonly actions: PageActions;
  /** The port it listens on, which requests must name in their Host (./request-guard.ts). */
  private port = 0;

  constructor(options: PageServerOptions) {
    this.languages = options.languages;
    this.fake = options.fake;
    this.world = options.world;
    this.logger = options.logger;
    this.commandPaths = options.commandPaths;
    this.actions = new PageActions(this.fake, this.world, this.languages, this.logger);
    this.server = http.createServer((request, response) => void this.handle(request, response));
    this.keepalive = setInterval(() => this.broadcast(() => ': keepalive\n\n'), KEEPALIVE_MS);
    this.keepalive.unref();
    this.fake.on('messageCreate', this.onMessage);
    this.fake.on('messageUpdate', this.onMessage);
    this.fake.on('messageDelete', this.onDelete);
  }

  /** Listens on 127.0.0.1; resolves with the port (0 picks a free one). */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve(this.port);
      });
    });
  }

  async close(): Promise<void> {
    clearInterval(this.keepalive);
    this.fake.off('messageCreate', this.onMessage);
    this.fake.off('messageUpdate', this.onMessage);
    this.fake.off('messageDelete', this.onDelete);
    for (const subscriber of this.subscribers) subscriber.response.end();
    this.subscribers.clear();
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // ---- live updates ----------------------------------------------------------------------------------------

  private view(message: StoredMessage): PageMessage {
    return pageMessage(this.fake.state, message, (id) => this.commandPaths.get(id));
  }

  private readonly onMessage = (message: StoredMessage): void => {
    if (message.deleted) return;
    const view = JSON.stringify(this.view(message));
    this.broadcast((s) => (this.sees(s, message) ? `event: message\ndata: ${view}\n\n` : null));
  };

  private readonly onDelete = (message: StoredMessage): void => {
    const data = JSON.stringify({ id: message.id });
    this.broadcast((s) => (this.sees(s, message) ? `event: delete\ndata: ${data}\n\n` : null));
  };

  private sees(subscriber: Subscriber, message: StoredMessage): boolean {
    return (
      message.channelId === subscriber.channelId &&
      (message.visibleTo === null || message.visibleTo === subscriber.userId)
    );
  }

  private broadcast(frameFor: (subscriber: Subscriber) => string | null): void {
    for (const subscriber of this.subscribers) {
      const frame = frameFor(subscriber);
      if (frame !== null) subscriber.response.write(frame);
    }
  }

  private visibleMessages(channelId: string, userId: string): PageMessage[] {
    return this.fake
      .messages(channelId, { visibleTo: userId })
      .slice(-SNAPSHOT_SIZE)
      .map((message) => this.view(message));
  }

  private subscribe(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const viewer = this.viewer(url);
    if (viewer instanceof HttpAnswer) return sendJson(response, viewer);
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    const subscriber: Subscriber = { response, ...viewer };
    this.subscribers.add(subscriber);
    const snapshot = JSON.stringify(this.visibleMessages(viewer.channelId, viewer.userId));
    response.write(`retry: 1000\nevent: snapshot\ndata: ${snapshot}\n\n`);
    request.on('close', () => this.subscribers.delete(subscriber));
  }

  // ---- requests --------------------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    try {
      const refusal = refusalOf(request, this.port);
      if (refusal) return sendJson(response, refuse(refusal.status, refusal.error));
      if (request.method === 'GET' && url.pathname === '/api/events')
        return this.subscribe(request, response, url);
      if (request.method === 'GET' && (await sendFile(response, url, this.fake))) return;
      sendJson(response, await this.answer(request, url));
    } catch (error) {
      this.logger.error(`sandbox page: ${request.method} ${url.pathname} failed`, error);
      if (!response.headersSent) sendJson(response, refuse(500, 'The sandbox server failed; see its log.'));
      else response.end();
    }
  }

  private async answer(request: IncomingMessage, url: URL): Promise<HttpAnswer> {
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /api/world':
        return new HttpAnswer(200, this.worldView());
      case 'GET /api/messages': {
        const viewer = this.viewer(url);
        if (viewer instanceof HttpAnswer) return viewer;
        return new HttpAnswer(200, this.visibleMessages(viewer.channelId, viewer.userId));
      }
      case 'POST /api/send':
        return this.actions.send(await readJson(request));
      case 'POST /api/suggest':
        return this.actions.suggest(await readJson(request));
      case 'POST /api/component':
        return this.actions.component(await readJson(request));
      case 'POST /api/language':
        return this.actions.setLanguage(await readJson(request));
      default:
        return refuse(404, `Nothing at ${route}`);
    }
  }

  private worldView() {
    const commands = this.fake.commands(this.world.guildId);
    const languages = this.languages.view();
    return {
      guild: { id: this.world.guildId, name: this.world.guildName },
      channels: this.world.channels,
      users: this.world.users,
      bot: { id: this.fake.bot.id, name: this.fake.bot.username },
      // The games as registered with the fake Discord, for the page's hints ("try /hare start or /greed start").
      startCommands: commands
        .filter((command) => command.options?.some((option) => option.name === 'start'))
        .map((command) => `/${command.name} start`),
      // Each command's name in each language ("hare start" reads "hase starten"), for "Alice used /…".
      commandNames: Object.fromEntries(
        languages.choices.map(({ code }) => [
          code,
          commandNames([...commands, ...this.fake.commands(null)], localeOfLanguage(code)),
        ]),
      ),
      languages,
    };
  }

  private viewer(url: URL): { channelId: string; userId: string } | HttpAnswer {
    const channelId = url.searchParams.get('channel') ?? '';
    const userId = url.searchParams.get('user') ?? '';
    return this.actions.checkViewer(channelId, userId) ?? { channelId, userId };
  }
}
