import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeComponentId, encodeComponentId, type ComponentId } from '../../src/bot/custom-ids';

const gameKey = fc.constantFrom('hare', 'greed', 'candyland', 'hedgehogs');
const gameId = fc.stringMatching(/^[a-z0-9]{8}$/);
const count = fc.integer({ min: 0, max: 999_999_999 });
const userId = fc.option(fc.stringMatching(/^[1-9]\d{16,19}$/), { nil: null });

const componentId: fc.Arbitrary<ComponentId> = fc.oneof(
  fc.record({
    gameKey,
    kind: fc.constant('lobby' as const),
    button: fc.constantFrom('join', 'leave', 'add-computer', 'remove-computer', 'start', 'cancel'),
    gameId,
  }),
  fc.record({
    gameKey,
    kind: fc.constant('act' as const),
    gameId,
    version: count,
    token: fc.stringMatching(/^[a-z0-9.-]{1,40}$/),
  }),
  fc.record({ gameKey, kind: fc.constant('select' as const), gameId, version: count }),
  fc.record({
    gameKey,
    kind: fc.constant('finished' as const),
    button: fc.constantFrom('rematch', 'replay'),
    gameId,
  }),
  fc.record({
    gameKey,
    kind: fc.constant('replay' as const),
    gameId,
    step: count,
    slot: fc.constantFrom('first', 'back', 'next', 'last', 'back10', 'next10'),
  }),
  fc.record({
    gameKey,
    kind: fc.constant('history' as const),
    userId,
    page: count,
    slot: fc.constantFrom('prev', 'next'),
  }),
  fc.record({ gameKey, kind: fc.constant('history-pick' as const), userId }),
  fc.record({ gameKey, kind: fc.constant('hand' as const), gameId }),
);

describe('component custom ids', () => {
  it('decode to what was encoded, within the 100 characters Discord allows', () => {
    fc.assert(
      fc.property(componentId, (id) => {
        const encoded = encodeComponentId(id);
        expect(encoded.length).toBeLessThanOrEqual(100);
        expect(decodeComponentId(encoded)).toEqual(id);
      }),
    );
  });

  it('refuse ids that are malformed or carry extra parts', () => {
    for (const bad of [
      'hare:finished:abcd1234:delete',
      'hare:finished:abcd1234:rematch:extra',
      'hare:replay:abcd1234:-1:next',
      'hare:replay:abcd1234:3:sideways',
      'hare:replay:abcd1234:3',
      'hare:history:someone:0:next',
      'hare:history:all:x:next',
      'hare:history:all:0:next:more',
      'hare:history-pick:all:0',
      'hare:history-pick:<@123>',
      'hare:hand:abcd1234:0',
      'Hare:lobby:abcd1234:join',
      'hare:unknown:abcd1234:join',
      '',
    ])
      expect(decodeComponentId(bad), bad).toBeNull();
  });

  it('still read the ids of buttons posted before the My hand button existed', () => {
    expect(decodeComponentId('hare:act:abcd1234:12:m5')).toEqual({
      gameKey: 'hare',
      kind: 'act',
      gameId: 'abcd1234',
      version: 12,
      token: 'm5',
    });
    expect(decodeComponentId('greed:lobby:abcd1234:join')).toMatchObject({ kind: 'lobby', button: 'join' });
    expect(decodeComponentId('greed:replay:abcd1234:3:next')).toMatchObject({ kind: 'replay', step: 3 });
    expect(decodeComponentId('greed:hand:abcd1234')).toEqual({
      gameKey: 'greed',
      kind: 'hand',
      gameId: 'abcd1234',
    });
  });
});
