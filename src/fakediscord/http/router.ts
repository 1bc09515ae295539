/** A minimal router for route templates like `/channels/:channelId/messages/:messageId`. */

export type Params = Record<string, string>;

export interface RouteMatch<H> {
  handler: H;
  params: Params;
  template: string;
}

interface Entry<H> {
  method: string;
  template: string;
  segments: string[];
  handler: H;
}

export class Router<H> {
  private readonly entries: Entry<H>[] = [];

  add(method: string, template: string, handler: H): void {
    this.entries.push({ method: method.toUpperCase(), template, segments: split(template), handler });
  }

  /** The route for this method and path; 'method-not-allowed' when only other methods exist for the path. */
  match(method: string, path: string): RouteMatch<H> | 'method-not-allowed' | null {
    const segments = split(path);
    let pathKnown = false;
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, segments);
      if (!params) continue;
      pathKnown = true;
      if (entry.method === method.toUpperCase()) {
        return { handler: entry.handler, params, template: entry.template };
      }
    }
    return pathKnown ? 'method-not-allowed' : null;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Params | null {
  if (pattern.length !== actual.length) return null;
  const params: Params = {};
  for (const [i, part] of pattern.entries()) {
    const value = actual[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}
