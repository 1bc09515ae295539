/** The bot's per-user limits (settings in src/config.ts) and the words it refuses with. */
import type { Interaction } from 'discord.js';
import { replyWords, type Language } from '../i18n/index';
import { SlidingWindow, TokenBuckets } from './rate-limit';
import { UserFacingError } from './respond';

export interface LimitSettings {
  /** Commands and clicks one user may make in a quick burst (null: no limit). */
  burst: number | null;
  /** The burst allowance grows back by one every this many ms. */
  refillMs: number;
  /** Simulations and other tool commands one user may run in a minute (null: no limit). */
  simulationsPerMinute: number | null;
  /** The limits' clock (tests move it by hand). */
  now: () => number;
}

export const NO_LIMITS: LimitSettings = {
  burst: null,
  refillMs: 1000,
  simulationsPerMinute: null,
  now: Date.now,
};

const MINUTE_MS = 60_000;

export class UserLimits {
  private readonly clicks: TokenBuckets | null;
  private readonly simulations: SlidingWindow | null;
  private readonly perMinute: number | null;

  constructor(settings: Partial<LimitSettings> = {}) {
    const { burst, refillMs, simulationsPerMinute, now } = { ...NO_LIMITS, ...settings };
    this.clicks = burst === null ? null : new TokenBuckets(burst, refillMs, now);
    this.simulations =
      simulationsPerMinute === null ? null : new SlidingWindow(simulationsPerMinute, MINUTE_MS, now);
    this.perMinute = simulationsPerMinute;
  }

  /**
   * Why the interaction is refused before it is handled ("slow down"), or null. Autocomplete is never counted
   * nor refused: it fires as the user types, and a refusal could not be shown there anyway.
   */
  refusal(interaction: Interaction): UserFacingError | null {
    if (!this.clicks || interaction.isAutocomplete()) return null;
    const waitMs = this.clicks.take(interaction.user.id);
    if (waitMs === 0) return null;
    return waitRefusal('limit.slowDown', waitMs);
  }

  /** Why a simulation (a tool command) of `userId`'s is refused now, or null (then it counts). */
  simulationRefusal(userId: string): UserFacingError | null {
    if (!this.simulations) return null;
    const waitMs = this.simulations.take(userId);
    if (waitMs === 0) return null;
    return waitRefusal('limit.simulations', waitMs, this.perMinute ?? 0);
  }
}

/** A refusal that says how long to wait, in the reader's language ("Try again in 3 seconds"). */
class WaitRefusal extends UserFacingError {
  constructor(
    key: string,
    private readonly seconds: number,
    private readonly count: number | undefined,
  ) {
    super('', key);
    this.message = this.textIn('en');
  }

  override textIn(language: Language): string {
    const t = replyWords(language);
    const wait = t('limit.seconds', { count: this.seconds });
    return t(this.key!, { wait, ...(this.count === undefined ? {} : { count: this.count }) });
  }
}

function waitRefusal(key: string, ms: number, count?: number): UserFacingError {
  return new WaitRefusal(key, Math.max(1, Math.ceil(ms / 1000)), count);
}
