import type { IncomingMessage, ServerResponse } from 'node:http';

/** The sandbox page's API speaks JSON both ways: a request's body, and an answer with a status. */

const MAX_BODY_BYTES = 64 * 1024;

/** A reply of the API: a status and a JSON body. */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function refuse(status: number, error: string): HttpAnswer {
  return new HttpAnswer(status, { ok: false, error });
}

export function sendJson(response: ServerResponse, answer: HttpAnswer): void {
  const body = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

/** The request's JSON body; null when it is too large or not JSON. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
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
