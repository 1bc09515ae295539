/**
 * The bench's recording proxy passes requests and answers through, without the hop-by-hop headers a proxy must
 * not forward: the fake's `Keep-Alive: timeout=5` made every bot drop its idle connections after 4 seconds.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordingProxy } from '../scripts/bench-scale/proxy';

const servers: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { connection: 'keep-alive' } }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the recording proxy of bench:scale', () => {
  it("keeps its own keep-alive, not the fake's, and passes the rest of the answer on", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const upstream: Server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-bucket': 'abc' });
      res.end('{"ok":true}');
    });
    upstream.keepAliveTimeout = 5000;
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    servers.push({ close: () => new Promise((done) => upstream.close(done)) });
    const port = (upstream.address() as AddressInfo).port;
    const proxy = new RecordingProxy(`http://127.0.0.1:${port}/api/v10`);
    await proxy.start();
    servers.push({ close: () => proxy.stop() });

    const direct = await get(`http://127.0.0.1:${port}/api/v10/gateway`);
    expect(direct.headers['keep-alive'], 'the upstream asks for 5 s').toBe('timeout=5');
    const through = await get(`${proxy.urlFor(0)}/gateway`);
    expect(through.status).toBe(200);
    expect(through.body).toBe('{"ok":true}');
    expect(through.headers['x-ratelimit-bucket']).toBe('abc');
    expect(through.headers['keep-alive'], "the proxy's own").toBe('timeout=60');
    expect(seen.at(-1)?.host).toBe(`127.0.0.1:${port}`);
  });
});
