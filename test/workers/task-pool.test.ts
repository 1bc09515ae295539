import { describe, expect, it } from 'vitest';
import { transferable } from '../../src/workers/task-pool';

describe('transferable', () => {
  it('moves a byte array that owns all of its memory, such as a large Buffer', () => {
    // Over half of Node's Buffer pool (8 KB on Node 20, 64 KB on Node 26): a concatenation this size owns
    // its memory.
    const image = Buffer.concat([Buffer.alloc(20_000, 1), Buffer.alloc(20_000, 2)]);
    expect(transferable(image)).toEqual([image.buffer]);
    const bytes = new Uint8Array(16);
    expect(transferable(bytes)).toEqual([bytes.buffer]);
  });

  it('copies anything else: a small Buffer from the shared pool, a view on part of its memory, other results', () => {
    const pooled = Buffer.from('small');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    expect(transferable(pooled)).toEqual([]);
    expect(transferable(new Uint8Array(32).subarray(8))).toEqual([]);
    expect(transferable({ png: new Uint8Array(8) })).toEqual([]);
    expect(transferable('text')).toEqual([]);
    expect(transferable(undefined)).toEqual([]);
  });
});
