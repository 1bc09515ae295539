/**
 * Crash simulation: the bot "dies" at a chosen request. Discord either never sees the request ('before') or
 * applies it ('after'), and the bot never gets an answer. From then on every request made with the dead bot's
 * token, or for an interaction it had received, is held unanswered too: a killed process sends nothing more.
 * A restarted bot logs in with another token and is served normally.
 */
import { requestMatches } from './faults';

export interface CrashRule {
  method?: string;
  /** As FaultRule.route: a RegExp tested on the path and route template, or a template / path fragment. */
  route: RegExp | string;
  /** 'before': the request is never applied; 'after': it is applied, but its answer never reaches the bot. */
  when: 'before' | 'after';
  /** Only requests whose JSON body (as text) matches this. */
  body?: RegExp;
}

export interface CrashHandle {
  readonly rule: CrashRule;
  /** Resolves with the path of the request the bot died at. */
  readonly hit: Promise<string>;
  cancel(): void;
}

export type CrashVerdict = 'serve' | 'hold' | 'apply-then-hold';

class ArmedCrash implements CrashHandle {
  cancelled = false;
  fired = false;
  readonly hit: Promise<string>;
  resolveHit!: (path: string) => void;

  constructor(readonly rule: CrashRule) {
    this.hit = new Promise((resolve) => (this.resolveHit = resolve));
  }

  cancel(): void {
    this.cancelled = true;
  }
}

export interface CrashRequest {
  method: string;
  path: string;
  template: string | null;
  /** The bot token of the Authorization header, when sent. */
  botToken: string | null;
  /** The JSON body (payload_json of a multipart body). */
  body: unknown;
}

export class CrashSimulator {
  private armed: ArmedCrash[] = [];
  private readonly deadBotTokens = new Set<string>();
  private readonly deadInteractionTokens = new Set<string>();

  arm(rule: CrashRule): CrashHandle {
    const crash = new ArmedCrash(rule);
    this.armed.push(crash);
    return crash;
  }

  /** What to do with a request; `interactionTokens` are the tokens Discord has issued so far. */
  decide(request: CrashRequest, interactionTokens: () => Iterable<string>): CrashVerdict {
    if (this.isDead(request)) return 'hold';
    const crash = this.armed.find(
      (candidate) =>
        !candidate.cancelled &&
        !candidate.fired &&
        requestMatches(candidate.rule, request.method, request.path, request.template) &&
        (candidate.rule.body === undefined || candidate.rule.body.test(JSON.stringify(request.body ?? null))),
    );
    if (!crash) return 'serve';
    crash.fired = true;
    this.armed = this.armed.filter((candidate) => candidate !== crash);
    if (request.botToken !== null) this.deadBotTokens.add(request.botToken);
    for (const token of interactionTokens()) this.deadInteractionTokens.add(token);
    crash.resolveHit(request.path);
    return crash.rule.when === 'before' ? 'hold' : 'apply-then-hold';
  }

  /**
   * Requests of the dead bot: its token, or an answer to one of its interactions (a callback, or a webhook
   * call that changes something; a restarted bot may still read an old reply with GET).
   */
  private isDead(request: CrashRequest): boolean {
    if (request.botToken !== null && this.deadBotTokens.has(request.botToken)) return true;
    const token = interactionTokenOf(request.path);
    return token !== null && request.method !== 'GET' && this.deadInteractionTokens.has(token);
  }

  clear(): void {
    this.armed = [];
  }

  /**
   * The dead bot's interaction tokens become usable again (its late requests are over): Discord takes a token
   * from whichever process sends it, and a process taking over uses the live tokens it finds in the storage.
   */
  reviveInteractionTokens(): void {
    this.deadInteractionTokens.clear();
  }
}

/** The interaction token of `/interactions/:id/:token/callback` or `/webhooks/:appId/:token…`. */
function interactionTokenOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[1] === 'interactions' || parts[1] === 'webhooks') return parts[3] ?? null;
  return null;
}
