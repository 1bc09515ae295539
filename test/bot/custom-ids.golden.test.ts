/**
 * The custom ids of buttons already posted in channels: a message keeps its buttons for ever, so every id the bot
 * has ever written must still decode to the same meaning. These are format 1 (the game's key first); a later format
 * starts with its number (`2:…`) and must leave these untouched.
 */
import { describe, expect, it } from 'vitest';
import { decodeComponentId, encodeComponentId, type ComponentId } from '../../src/bot/custom-ids';

const GOLDEN: readonly [string, ComponentId][] = [
  ['hare:lobby:ab12cd34:join', { gameKey: 'hare', kind: 'lobby', button: 'join', gameId: 'ab12cd34' }],
  ['greed:lobby:ab12cd34:leave', { gameKey: 'greed', kind: 'lobby', button: 'leave', gameId: 'ab12cd34' }],
  [
    'candyland:lobby:ab12cd34:add-computer',
    { gameKey: 'candyland', kind: 'lobby', button: 'add-computer', gameId: 'ab12cd34' },
  ],
  [
    'hedgehogs:lobby:ab12cd34:remove-computer',
    { gameKey: 'hedgehogs', kind: 'lobby', button: 'remove-computer', gameId: 'ab12cd34' },
  ],
  ['hare:lobby:ab12cd34:start', { gameKey: 'hare', kind: 'lobby', button: 'start', gameId: 'ab12cd34' }],
  ['hare:lobby:ab12cd34:cancel', { gameKey: 'hare', kind: 'lobby', button: 'cancel', gameId: 'ab12cd34' }],
  [
    'hare:act:ab12cd34:17:m12',
    { gameKey: 'hare', kind: 'act', gameId: 'ab12cd34', version: 17, token: 'm12' },
  ],
  [
    'hedgehogs:act:ab12cd34:3:f1.0',
    { gameKey: 'hedgehogs', kind: 'act', gameId: 'ab12cd34', version: 3, token: 'f1.0' },
  ],
  ['hare:select:ab12cd34:17', { gameKey: 'hare', kind: 'select', gameId: 'ab12cd34', version: 17 }],
  [
    'greed:finished:ab12cd34:rematch',
    { gameKey: 'greed', kind: 'finished', button: 'rematch', gameId: 'ab12cd34' },
  ],
  [
    'greed:finished:ab12cd34:replay',
    { gameKey: 'greed', kind: 'finished', button: 'replay', gameId: 'ab12cd34' },
  ],
  ['greed:finished:ab12cd34:log', { gameKey: 'greed', kind: 'finished', button: 'log', gameId: 'ab12cd34' }],
  [
    'hare:replay:ab12cd34:40:next10',
    { gameKey: 'hare', kind: 'replay', gameId: 'ab12cd34', step: 40, slot: 'next10' },
  ],
  ['hare:history:all:2:next', { gameKey: 'hare', kind: 'history', userId: null, page: 2, slot: 'next' }],
  [
    'hare:history:123456789012345678:0:prev',
    { gameKey: 'hare', kind: 'history', userId: '123456789012345678', page: 0, slot: 'prev' },
  ],
  ['hare:history-pick:all', { gameKey: 'hare', kind: 'history-pick', userId: null }],
  ['greed:hand:ab12cd34', { gameKey: 'greed', kind: 'hand', gameId: 'ab12cd34' }],
  // The board's Choose your move, and the private controls it opens (games whose controls tell a secret).
  ['hare:choose:ab12cd34:17', { gameKey: 'hare', kind: 'choose', gameId: 'ab12cd34', version: 17 }],
  [
    'hare:pact:ab12cd34:17:c-',
    { gameKey: 'hare', kind: 'private-act', gameId: 'ab12cd34', version: 17, token: 'c-' },
  ],
  ['hare:pselect:ab12cd34:17', { gameKey: 'hare', kind: 'private-select', gameId: 'ab12cd34', version: 17 }],
];

describe('custom ids already posted (format 1)', () => {
  it.each(GOLDEN)('%s still means the same', (customId, meaning) => {
    expect(decodeComponentId(customId)).toEqual(meaning);
    expect(encodeComponentId(meaning)).toBe(customId);
  });

  it('an id of a later format (its number first) is not read as format 1', () => {
    expect(decodeComponentId('2:hare:act:ab12cd34:17:m12')).toBeNull();
  });

  it('a private control without its version or token is not read', () => {
    for (const customId of ['hare:choose:ab12cd34', 'hare:pact:ab12cd34:17', 'hare:pselect:ab12cd34:x'])
      expect(decodeComponentId(customId)).toBeNull();
  });
});
