/**
 * Discord's global rate limit: 50 requests a second for all of a bot's bot-token requests, whichever process or
 * gateway connection sends them (interaction responses do not count). Each process of a sharded bot keeps to an
 * equal share, so that together they stay within it; the processes are counted from the shards this one holds
 * (every process is given as many shards as the others).
 */
import type { GatewayShards } from './bot';

export const DISCORD_GLOBAL_REQUESTS_PER_SECOND = 50;

export function requestsPerSecondOf(shards: GatewayShards | undefined): number {
  if (shards === undefined || shards === 'auto') return DISCORD_GLOBAL_REQUESTS_PER_SECOND;
  const processes = Math.ceil(shards.count / Math.max(1, shards.ids.length));
  return Math.max(1, Math.floor(DISCORD_GLOBAL_REQUESTS_PER_SECOND / processes));
}
