/** Fault injection: make matching REST requests answer 429, 401 or 5xx for a number of requests or a while. */

export interface FaultRule {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /**
   * Which requests: a RegExp is tested against the path (e.g. `/channels/123/messages/456`) and the route
   * template (`/channels/:channelId/messages/:messageId`); a string matches when it equals the template or
   * occurs in the path.
   */
  route: RegExp | string;
  /** 401: on an interaction-token route Discord's answer to an expired token (50027), elsewhere a bad token. */
  status: 401 | 429 | 500 | 502 | 503;
  /** Fail this many matching requests (default 1 unless `durationMs` is given). */
  count?: number;
  /** Fail every matching request for this long, counted from the call. */
  durationMs?: number;
  /** 429 only: seconds are sent as `retry-after` / `retry_after`; default 100 ms. */
  retryAfterMs?: number;
  /** 429 only: mark as a global rate limit (`x-ratelimit-global`). */
  global?: boolean;
}

/** A live rule; `hits` counts the requests it failed. */
export interface FaultHandle {
  readonly rule: FaultRule;
  readonly hits: number;
  readonly active: boolean;
  cancel(): void;
}

class ActiveFault implements FaultHandle {
  hits = 0;
  private cancelled = false;
  private readonly until: number | null;
  private readonly limit: number | null;

  constructor(readonly rule: FaultRule) {
    this.until = rule.durationMs === undefined ? null : Date.now() + rule.durationMs;
    this.limit = rule.count ?? (rule.durationMs === undefined ? 1 : null);
  }

  get active(): boolean {
    if (this.cancelled) return false;
    if (this.until !== null && Date.now() > this.until) return false;
    return this.limit === null || this.hits < this.limit;
  }

  cancel(): void {
    this.cancelled = true;
  }

  matches(method: string, path: string, template: string | null): boolean {
    return this.active && requestMatches(this.rule, method, path, template);
  }
}

/** Whether a request matches a rule's method and route (see FaultRule.route). */
export function requestMatches(
  rule: { method?: string; route: RegExp | string },
  method: string,
  path: string,
  template: string | null,
): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  const { route } = rule;
  if (typeof route === 'string') return route === template || path.includes(route);
  route.lastIndex = 0;
  if (route.test(path)) return true;
  route.lastIndex = 0;
  return template !== null && route.test(template);
}

export class FaultInjector {
  private rules: ActiveFault[] = [];

  add(rule: FaultRule): FaultHandle {
    const fault = new ActiveFault(rule);
    this.rules.push(fault);
    return fault;
  }

  /** The first active rule matching this request; counts the hit. */
  take(method: string, path: string, template: string | null): FaultRule | null {
    this.rules = this.rules.filter((rule) => rule.active);
    const fault = this.rules.find((rule) => rule.matches(method, path, template));
    if (!fault) return null;
    fault.hits += 1;
    return fault.rule;
  }

  clear(): void {
    for (const rule of this.rules) rule.cancel();
    this.rules = [];
  }
}
