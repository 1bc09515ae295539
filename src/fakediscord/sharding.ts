/**
 * Discord's sharding rules as the fake applies them: which shard hears a guild, how many shards /gateway/bot
 * recommends, and when a connection must shard (close code 4011).
 */

/** A session's shard: `[id, count]` from IDENTIFY; an IDENTIFY without one is shard 0 of 1. */
export interface ShardInfo {
  id: number;
  count: number;
}

export const UNSHARDED: ShardInfo = { id: 0, count: 1 };

/** Discord recommends about one shard per 1,000 guilds. */
export const GUILDS_PER_RECOMMENDED_SHARD = 1000;

/** Discord closes a session with 4011 once it would hold more than this many guilds. */
export const DISCORD_MAX_GUILDS_PER_SESSION = 2500;

/** The shard that receives a guild's events and interactions: `(guild_id >> 22) % shard_count`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Whether `shard` hears about `guildId`; events without a guild (direct messages) go to shard 0. */
export function ownsGuild(shard: ShardInfo, guildId: string | null): boolean {
  return guildId === null ? shard.id === 0 : shardOf(guildId, shard.count) === shard.id;
}

export function recommendedShardCount(
  guildCount: number,
  guildsPerShard = GUILDS_PER_RECOMMENDED_SHARD,
): number {
  return Math.max(1, Math.ceil(guildCount / guildsPerShard));
}

/** The IDENTIFY `shard` field: UNSHARDED when absent, null when it is not a valid `[id, count]`. */
export function parseShard(value: unknown): ShardInfo | null {
  if (value === undefined || value === null) return UNSHARDED;
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  const shard = { id: id as number, count: count as number };
  return shard.count >= 1 && shard.id >= 0 && shard.id < shard.count ? shard : null;
}
