import { commands } from '../../commands/index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBot, type Bot } from '../../src/bot/bot';
import { deployCommands } from '../../src/bot/deploy';
import { silentLogger, type Logger } from '../../src/logger';
import { startSandbox, type PageMessage, type Sandbox } from '../../src/sandbox/index';
import { GameService } from '../../src/service/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';
import type { Storage } from '../../src/store/storage';
import { sharedComputers, sharedRenderer } from '../support/shared-pools';

/** The sandbox wired like `npm start` without a token (src/main.ts), on a temporary database. */
export interface SandboxStack {
  sandbox: Sandbox;
  bot: Bot;
  service: GameService;
  store: Storage;
  dir: string;
  /** Stops everything; keeps the directory (database and history) unless `removeFiles`. */
  close(options?: { removeFiles?: boolean }): Promise<void>;
}

export interface StackOptions {
  /** Reuse the database and history of an earlier stack (a restart). */
  dir?: string;
  aiTurnDelayMs?: number;
  /** Default: silent. */
  logger?: Logger;
}

export async function startStack(options: StackOptions = {}): Promise<SandboxStack> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'hare-sandbox-'));
  const logger = options.logger ?? silentLogger;
  const sandbox = await startSandbox({
    port: 0,
    logger,
    historyFile: join(dir, 'sandbox-messages.json'),
  });
  await deployCommands({
    commands,
    token: sandbox.token,
    clientId: sandbox.applicationId,
    guildId: sandbox.guildId,
    api: sandbox.apiUrl,
  });
  const store = openSqliteStorage(join(dir, 'sandbox.db'));
  const service = new GameService({
    store,
    config: {
      aiTurnDelayMs: options.aiTurnDelayMs ?? 100,
      humanTurnTimeoutMs: 600_000,
      idlePolicy: 'computer',
    },
    onError: (error) => {
      throw error;
    },
  });
  const bot = createBot({
    service,
    commands,
    logger,
    api: sandbox.apiUrl,
    renderer: sharedRenderer(),
    tools: sharedComputers(),
    publisher: { coalesceMs: 20, retryMs: 50 },
  });
  await service.start();
  await bot.login(sandbox.token);
  return {
    sandbox,
    bot,
    service,
    store,
    dir,
    async close(closeOptions = {}) {
      service.stop();
      await bot.destroy(2000);
      await store.close();
      await sandbox.stop();
      if (closeOptions.removeFiles) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function userId(stack: SandboxStack, name: string): string {
  const user = stack.sandbox.users.find((u) => u.name === name);
  if (!user) throw new Error(`no sandbox user ${name}`);
  return user.id;
}

export async function postJson(stack: SandboxStack, path: string, body: unknown) {
  const response = await fetch(new URL(path, stack.sandbox.pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function getMessages(
  stack: SandboxStack,
  channelId: string,
  user: string,
): Promise<PageMessage[]> {
  const url = new URL('/api/messages', stack.sandbox.pageUrl);
  url.search = new URLSearchParams({ channel: channelId, user }).toString();
  const response = await fetch(url);
  return (await response.json()) as PageMessage[];
}

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** A Server-Sent Events client that records every event and waits for one that matches. */
export class EventStream {
  readonly events: ServerSentEvent[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];
  private buffer = '';

  private constructor() {}

  static async open(stack: SandboxStack, channelId: string, user: string): Promise<EventStream> {
    const stream = new EventStream();
    const url = new URL('/api/events', stack.sandbox.pageUrl);
    url.search = new URLSearchParams({ channel: channelId, user }).toString();
    const response = await fetch(url, { signal: stream.controller.signal });
    if (!response.body) throw new Error('the event stream has no body');
    void stream.pump(response.body);
    await stream.waitFor((e) => e.event === 'snapshot', 5000);
    return stream;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        this.buffer += decoder.decode(value, { stream: true });
        this.takeFrames();
      }
    } catch {
      // Closed by close() or by the server.
    }
  }

  private takeFrames(): void {
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event && data !== undefined) this.events.push({ event, data: JSON.parse(data) as unknown });
      end = this.buffer.indexOf('\n\n');
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  waitFor(predicate: (event: ServerSentEvent) => boolean, timeoutMs = 10_000): Promise<ServerSentEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching server-sent event in time')), timeoutMs);
      const check = () => {
        const found = this.events.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  close(): void {
    this.controller.abort();
  }
}

/** The message view of a `message` event, for predicates. */
export function messageOf(event: ServerSentEvent): PageMessage | null {
  return event.event === 'message' ? (event.data as PageMessage) : null;
}
