import type { InteractionRegistry, RecordedInteraction } from './interactions';
import type { MessageFactory } from './messages';
import type { FakeUser } from './model';
import type { RouteLimits } from './route-limits';
import type { FakeState } from './state';

/** Options after defaults were applied. */
export interface ResolvedOptions {
  /** Bot token that REST and gateway accept; null accepts any token. */
  token: string | null;
  heartbeatIntervalMs: number;
  interactionResponseTimeoutMs: number;
  interactionTokenLifetimeMs: number;
  maxFileBytes: number;
  missingEmbedLinks: 'error' | 'strip';
  nonceWindowMs: number;
  /** Privileged intent bits the application may ask for. */
  privilegedIntents: number;
  maxGuildsPerSession: number;
  guildsPerRecommendedShard: number;
  identifyMaxConcurrency: number;
  globalRequestsPerSecond: number | null;
  routeLimits: RouteLimits | null;
}

/** The services route handlers and the gateway work with (FakeDiscord implements it). */
export interface FakeApp {
  readonly state: FakeState;
  readonly messages: MessageFactory;
  readonly interactions: InteractionRegistry;
  readonly bot: FakeUser;
  readonly applicationId: string;
  readonly options: ResolvedOptions;
  /** http://127.0.0.1:PORT */
  baseUrl(): string;
  /** ws://127.0.0.1:PORT/gateway */
  gatewayUrl(): string;
  /** Guilds the bot is in (announced): /gateway/bot recommends shards by this count. */
  guildCount(): number;
  /** Called after an interaction's first callback was applied. */
  interactionResponded(interaction: RecordedInteraction): void;
}
