import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FakeDiscord, RecordedInteraction, StoredMessage } from '../fakediscord/index';
import type { Logger } from '../logger';
import {
  CommandLineError,
  isCommandLine,
  parseCommandLine,
  suggest,
  type AutocompleteRequest,
  type Choice,
  type SuggestContext,
} from './command-line';
import type { CommandPaths } from './command-paths';
import { LANGUAGES } from '../i18n/index';
import type { SandboxLanguages } from './languages';
import { displayName, pageMessage, type PageMessage } from './page-view';
import type { SandboxWorld } from './world';
import { emojiAsset, type StaticAnswer } from './emoji-font';
import { refusalOf } from './request-guard';

/**
 * The sandbox page's server on 127.0.0.1: the page itself, a JSON API and a Server-Sent Events stream. It only
 * talks to the fake Discord (reads its messages, injects interactions as the chosen local user); the bot sees
 * exactly what it would see on Discord.
 */

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const STATIC_FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
};
/** The page's modules (`/js/messages.js`): a plain name, so no path can leave the folder. */
const MODULE_PATH = /^\/js\/[a-z][a-z-]*\.js$/;

function staticFileOf(pathname: string): { file: string; type: string } | null {
  if (MODULE_PATH.test(pathname)) return { file: pathname.slice(1), type: 'text/javascript; charset=utf-8' };
  return STATIC_FILES[pathname] ?? null;
}
// The page must work offline: nothing may load from anywhere but this server.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'";
const MAX_BODY_BYTES = 64 * 1024;
const SNAPSHOT_SIZE = 200;
const KEEPALIVE_MS = 20_000;
/** Discord shows "The application did not respond" when nothing came back within its 3 s deadline. */
const NO_RESPONSE = 'The application did not respond';

const sendSchema = z.object({
  channelId: z.string(),
  userId: z.string(),
  text: z.string().min(1).max(4000),
});
const suggestSchema = z.object({ channelId: z.string(), userId: z.string(), text: z.string().max(4000) });
const languageSchema = z.union([
  z.object({ userId: z.string(), language: z.enum(LANGUAGES) }),
  z.object({ server: z.literal(true), language: z.enum(LANGUAGES) }),
]);
const componentSchema = z.object({
  userId: z.string(),
  messageId: z.string(),
  customId: z.string(),
  values: z.array(z.string()).max(25).optional(),
});

/** A reply of the API: a status and a JSON body. */
class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function refuse(status: number, error: string): HttpAnswer {
  return new HttpAnswer(status, { ok: false, error });
}

/** The fake's injection errors start with "FakeDiscord: "; the page shows the rest. */
function fakeErrorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^FakeDiscord: /, '');
}

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
  /** The port it listens on, which requests must name in their Host (./request-guard.ts). */
  private port = 0;

  constructor(options: PageServerOptions) {
    this.languages = options.languages;
    this.fake = options.fake;
    this.world = options.world;
    this.logger = options.logger;
    this.commandPaths = options.commandPaths;
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
    if (viewer instanceof HttpAnswer) return this.sendJson(response, viewer);
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
      if (refusal) return this.sendJson(response, refuse(refusal.status, refusal.error));
      if (request.method === 'GET' && url.pathname === '/api/events')
        return this.subscribe(request, response, url);
      if (request.method === 'GET' && url.pathname.startsWith('/attachments/'))
        return this.sendAttachment(response, url);
      const staticFile = staticFileOf(url.pathname);
      if (request.method === 'GET' && staticFile) return await this.sendStatic(response, staticFile);
      const emoji = request.method === 'GET' ? await emojiAsset(url.pathname) : null;
      if (emoji) return this.sendEmoji(response, emoji);
      this.sendJson(response, await this.answer(request, url));
    } catch (error) {
      this.logger.error(`sandbox page: ${request.method} ${url.pathname} failed`, error);
      if (!response.headersSent)
        this.sendJson(response, refuse(500, 'The sandbox server failed; see its log.'));
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
        return this.send(sendSchema.safeParse(await readJson(request)));
      case 'POST /api/suggest':
        return this.suggest(suggestSchema.safeParse(await readJson(request)));
      case 'POST /api/component':
        return this.component(componentSchema.safeParse(await readJson(request)));
      case 'POST /api/language':
        return this.setLanguage(languageSchema.safeParse(await readJson(request)));
      default:
        return refuse(404, `Nothing at ${route}`);
    }
  }

  private worldView() {
    return {
      guild: { id: this.world.guildId, name: this.world.guildName },
      channels: this.world.channels,
      users: this.world.users,
      bot: { id: this.fake.bot.id, name: this.fake.bot.username },
      // The games as registered with the fake Discord, for the page's hints ("try /hare start or /greed start").
      startCommands: this.fake
        .commands(this.world.guildId)
        .filter((command) => command.options?.some((option) => option.name === 'start'))
        .map((command) => `/${command.name} start`),
      languages: this.languages.view(),
    };
  }

  /** A player's language (the locale of their interactions) or the server's (a new lobby's language). */
  private setLanguage(input: z.ZodSafeParseResult<z.infer<typeof languageSchema>>): HttpAnswer {
    if (!input.success) return refuse(400, 'Expected { userId, language } or { server: true, language }.');
    const { language } = input.data;
    if ('userId' in input.data) {
      const { userId } = input.data;
      if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
      this.languages.set({ userId }, language);
    } else {
      this.languages.set({ server: true }, language);
    }
    return new HttpAnswer(200, { ok: true, languages: this.languages.view() });
  }

  private checkViewer(channelId: string, userId: string): HttpAnswer | null {
    if (!this.world.channels.some((c) => c.id === channelId)) return refuse(400, 'Unknown channel.');
    if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
    return null;
  }

  private viewer(url: URL): { channelId: string; userId: string } | HttpAnswer {
    const channelId = url.searchParams.get('channel') ?? '';
    const userId = url.searchParams.get('user') ?? '';
    return this.checkViewer(channelId, userId) ?? { channelId, userId };
  }

  private async send(input: z.ZodSafeParseResult<z.infer<typeof sendSchema>>): Promise<HttpAnswer> {
    if (!input.success) return refuse(400, 'Expected { channelId, userId, text }.');
    const { channelId, userId, text } = input.data;
    const unknown = this.checkViewer(channelId, userId);
    if (unknown) return unknown;
    if (!isCommandLine(text)) {
      if (text.length > 2000) return refuse(400, 'A message has at most 2000 characters.');
      const message = this.fake.postUserMessage({ user: userId, channel: channelId, content: text });
      return new HttpAnswer(200, { ok: true, messageId: message.id });
    }
    try {
      const command = parseCommandLine(text, this.parseContext(userId));
      const interaction = this.fake.slashCommand({ user: userId, channel: channelId, ...command });
      return await this.outcomeOf(interaction);
    } catch (error) {
      if (error instanceof CommandLineError) return refuse(400, error.message);
      return refuse(400, fakeErrorText(error));
    }
  }

  private async suggest(input: z.ZodSafeParseResult<z.infer<typeof suggestSchema>>): Promise<HttpAnswer> {
    if (!input.success) return refuse(400, 'Expected { channelId, userId, text }.');
    const { channelId, userId, text } = input.data;
    const unknown = this.checkViewer(channelId, userId);
    if (unknown) return unknown;
    const context: SuggestContext = {
      ...this.parseContext(userId),
      users: this.world.users,
      autocomplete: (request) => this.askBot(userId, channelId, request),
    };
    return new HttpAnswer(200, { ok: true, ...(await suggest(text, context)) });
  }

  /** A real autocomplete interaction: the bot computes the choices. */
  private async askBot(userId: string, channelId: string, request: AutocompleteRequest): Promise<Choice[]> {
    try {
      return await this.fake.autocomplete({
        user: userId,
        channel: channelId,
        ...request.command,
        focused: request.focused,
        value: request.value,
      });
    } catch (error) {
      this.logger.debug('sandbox: autocomplete got no answer', fakeErrorText(error));
      return [];
    }
  }

  private async component(input: z.ZodSafeParseResult<z.infer<typeof componentSchema>>): Promise<HttpAnswer> {
    if (!input.success) return refuse(400, 'Expected { userId, messageId, customId, values? }.');
    const { userId, messageId, customId, values } = input.data;
    if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
    try {
      const interaction = values
        ? this.fake.selectMenu({ user: userId, messageId, customId, values })
        : this.fake.clickButton({ user: userId, messageId, customId });
      return await this.outcomeOf(interaction, 'This interaction failed');
    } catch (error) {
      // The page showed a component the message no longer has (or a deleted message): Discord's client would
      // only say the interaction failed. The page refreshes its messages; the details go to the log.
      this.logger.debug(`stale click refused: ${fakeErrorText(error)}`);
      return new HttpAnswer(200, { ok: false, error: 'This interaction failed', stale: true });
    }
  }

  private async outcomeOf(interaction: RecordedInteraction, failure = NO_RESPONSE): Promise<HttpAnswer> {
    try {
      const outcome = await this.fake.waitForResponse(interaction);
      return new HttpAnswer(200, { ok: true, type: outcome.type, messageId: outcome.message?.id ?? null });
    } catch {
      return new HttpAnswer(200, { ok: false, error: failure });
    }
  }

  /** The registered commands as `userId` reads them (in their locale), and how to read mentions. */
  private parseContext(userId: string) {
    const { state } = this.fake;
    const guildId = this.world.guildId;
    const commands = [...this.fake.commands(guildId), ...this.fake.commands(null)];
    return {
      commands,
      locale: state.user(userId).locale ?? null,
      resolveUser: (text: string) => {
        const mention = /^<@!?(\d+)>$/.exec(text)?.[1];
        if (mention || /^\d{15,22}$/.test(text))
          return state.member(guildId, mention ?? text) ? (mention ?? text) : null;
        const name = text.replace(/^@/, '').toLowerCase();
        const member = state
          .guildMembers(guildId)
          .find(
            (m) =>
              displayName(state, guildId, m.userId).toLowerCase() === name ||
              state.users.get(m.userId)?.username.toLowerCase() === name,
          );
        return member?.userId ?? null;
      },
      resolveChannel: (text: string) => {
        const id = /^<#(\d+)>$/.exec(text)?.[1] ?? text;
        const name = text.replace(/^#/, '');
        return state.guildChannels(guildId).find((c) => c.id === id || c.name === name)?.id ?? null;
      },
    };
  }

  // ---- responses -------------------------------------------------------------------------------------------

  private sendJson(response: ServerResponse, answer: HttpAnswer): void {
    const body = JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(body);
  }

  private async sendStatic(response: ServerResponse, file: { file: string; type: string }): Promise<void> {
    const body = await fs.readFile(`${PUBLIC_DIR}${file.file}`).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (body === null) return this.sendJson(response, refuse(404, 'No such file.'));
    response.writeHead(200, {
      'Content-Type': file.type,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
    response.end(body);
  }

  private sendEmoji(response: ServerResponse, asset: StaticAnswer): void {
    response.writeHead(200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' });
    response.end(asset.body);
  }

  private sendAttachment(response: ServerResponse, url: URL): void {
    const id = url.pathname.split('/')[2] ?? '';
    const attachment = this.fake.state.attachments.get(id);
    if (!attachment) return this.sendJson(response, refuse(404, 'No such attachment.'));
    response.writeHead(200, {
      'Content-Type': attachment.contentType,
      'Content-Length': attachment.data.length,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    response.end(attachment.data);
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}
