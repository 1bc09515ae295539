/**
 * The operator's port (METRICS_PORT, bound to 127.0.0.1 unless METRICS_HOST says otherwise): GET /healthz
 * answers 200 or 503 with the checks as JSON, GET /metrics the figures in Prometheus' text format.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runHealthChecks, type HealthCheck } from './health';
import type { BotMetrics } from './metrics';

export interface OpsServer {
  /** The address it listens on, e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(options: {
  port: number;
  host: string;
  metrics: BotMetrics;
  checks: readonly HealthCheck[];
}): Promise<OpsServer> {
  const server = http.createServer((request, response) => {
    const answer = async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method !== 'GET') {
        response.writeHead(405, { Allow: 'GET' }).end();
      } else if (path === '/healthz') {
        const report = await runHealthChecks(options.checks);
        response
          .writeHead(report.healthy ? 200 : 503, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ status: report.healthy ? 'ok' : 'unhealthy', checks: report.checks }));
      } else if (path === '/metrics') {
        const text = await options.metrics.text();
        response.writeHead(200, { 'Content-Type': options.metrics.contentType }).end(text);
      } else {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('/healthz or /metrics\n');
      }
    };
    answer().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
