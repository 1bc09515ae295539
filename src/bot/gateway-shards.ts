/**
 * The gateway shards this process connects: 'auto' (Discord's recommended count, all here), or the shards `ids` of
 * `count` (the others are other processes').
 */
export type GatewayShards = 'auto' | { ids: readonly number[]; count: number };
