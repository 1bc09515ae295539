/**
 * The sandbox page's server answers only its own page: a request must name it by a loopback name and its port
 * (no DNS rebinding), a browser's request must come from its own origin, and a POST must be JSON (a cross-site
 * form posts plain text). Its own page's requests, and tools without an Origin, still work.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import { startStack, userId, type SandboxStack } from './helpers';

interface Answer {
  status: number;
  body: string;
}

/** A raw request (fetch may not set Host), with exactly the headers given. */
function request(
  stack: SandboxStack,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const page = new URL(stack.sandbox.pageUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port: page.port, method, path, headers, setHost: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe("the sandbox server's refusals", () => {
  let stack: SandboxStack;
  let own: string;
  let send: string;
  beforeAll(async () => {
    stack = await startStack();
    own = new URL(stack.sandbox.pageUrl).host;
    send = JSON.stringify({
      channelId: SANDBOX_IDS.channels.raceTrack,
      userId: userId(stack, 'Alice'),
      text: 'hi',
    });
  });
  afterAll(() => stack.close({ removeFiles: true }));

  const json = { 'Content-Type': 'application/json' };

  it('answers its own page, and a tool that sends no Origin', async () => {
    const port = new URL(stack.sandbox.pageUrl).port;
    for (const host of [own, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`])
      expect((await request(stack, 'GET', '/api/world', { Host: host })).status, host).toBe(200);
    const fromPage = await request(
      stack,
      'POST',
      '/api/send',
      { Host: own, Origin: `http://${own}`, 'Content-Type': 'application/json; charset=utf-8' },
      send,
    );
    expect(fromPage.status).toBe(200);
    expect((await request(stack, 'POST', '/api/send', { Host: own, ...json }, send)).status).toBe(200);
  });

  it('refuses a POST that is not JSON (a cross-site form posts text/plain)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await request(stack, 'POST', '/api/send', { Host: own, 'Content-Type': type }, send);
      expect(answer.status, type).toBe(415);
    }
    expect((await request(stack, 'POST', '/api/send', { Host: own }, send)).status).toBe(415);
  });

  it('refuses a request from another origin', async () => {
    for (const origin of ['http://evil.example', 'null', `https://${own}`, 'http://127.0.0.1:1']) {
      const post = await request(stack, 'POST', '/api/send', { Host: own, Origin: origin, ...json }, send);
      expect(post.status, origin).toBe(403);
      const read = await request(stack, 'GET', '/api/world', { Host: own, Origin: origin });
      expect(read.status, origin).toBe(403);
    }
  });

  it('refuses any other Host (a DNS-rebinding name, another port, none)', async () => {
    const port = new URL(stack.sandbox.pageUrl).port;
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      '127.0.0.1',
      '127.0.0.1:1',
      `127.0.0.2:${port}`,
      '',
    ]) {
      const page = await request(stack, 'GET', '/', { Host: host });
      expect(page.status, host).toBe(421);
      expect(page.body).not.toMatch(/<html/i);
      const read = await request(stack, 'GET', `/api/messages?channel=${SANDBOX_IDS.channels.raceTrack}`, {
        Host: host,
      });
      expect(read.status, host).toBe(421);
      const post = await request(stack, 'POST', '/api/send', { Host: host, ...json }, send);
      expect(post.status, host).toBe(421);
    }
  });

  it('serves each module and stylesheet of the page, under the same guard, and nothing beside them', async () => {
    const seen = new Set<string>();
    const queue = ['/app.js'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(new URL(path, stack.sandbox.pageUrl));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      for (const [, target] of (await response.text()).matchAll(/^import\s(?:[^;]*?\sfrom\s)?'([^']+)';/gm))
        queue.push(new URL(target!, new URL(path, 'http://page')).pathname);
    }
    expect(seen.size).toBeGreaterThan(10);
    const page = await (await fetch(stack.sandbox.pageUrl)).text();
    const sheets = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(5);
    for (const sheet of sheets) {
      const response = await fetch(new URL(sheet, stack.sandbox.pageUrl));
      expect(response.status, sheet).toBe(200);
      expect(response.headers.get('content-type'), sheet).toBe('text/css; charset=utf-8');
    }
    const port = new URL(stack.sandbox.pageUrl).port;
    expect((await request(stack, 'GET', '/js/messages.js', { Host: `evil.example:${port}` })).status).toBe(
      421,
    );
    for (const path of [
      '/js/nothing.js',
      '/js/../server.ts',
      '/js/%2e%2e/server.ts',
      '/js/Dom.js',
      '/js/.js',
      '/css/../../server.ts',
      '/css/nothing.css',
      '/css/layout.js',
    ])
      expect((await request(stack, 'GET', path, { Host: own })).status, path).toBe(404);
  });
});
