/**
 * The sandbox page's server answers only its own page. A site open in the same browser could otherwise post to
 * it (a plain-text form post needs no permission), or reach it under a name of its own that resolves to
 * 127.0.0.1 (DNS rebinding) and read it as same-origin. So every request must name this server by a loopback name
 * and its port (Host), a browser's request must come from this page (Origin), and a POST must be JSON, which no
 * form can send and a cross-site script can send only after a preflight this server never grants.
 */
import type { IncomingMessage } from 'node:http';

export interface Refusal {
  status: number;
  error: string;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** `Host` values that name this server: a loopback name with its port (the port may be left out only if 80). */
function hostsOf(port: number): Set<string> {
  return new Set(
    LOOPBACK_NAMES.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`])),
  );
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** null when the request may be answered; otherwise the refusal. */
export function refusalOf(request: IncomingMessage, port: number): Refusal | null {
  const hosts = hostsOf(port);
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host))
    return { status: 421, error: `This sandbox answers only at http://127.0.0.1:${port}/ (not ${host}).` };
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, hosts))
    return { status: 403, error: 'Requests from other sites are refused.' };
  if (request.method === 'POST' && !isJson(request.headers['content-type']))
    return { status: 415, error: 'Expected a JSON body (Content-Type: application/json).' };
  if (request.method !== 'GET' && request.method !== 'POST')
    return { status: 405, error: `${request.method} is not answered here.` };
  return null;
}

function isOwnOrigin(origin: string, hosts: Set<string>): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.origin === origin.toLowerCase() && hosts.has(url.host);
  } catch {
    return false; // "null" (a sandboxed frame, a file) or not an origin
  }
}
