import { describe, expect, it } from 'vitest';
import { GAMES, slashCommand } from '../../src/games/index';

describe('a command as a reader types it', () => {
  it('uses the localised names of the game, its play commands and the platform’s', () => {
    const hare = GAMES.require('hare');
    const hedgehogs = GAMES.require('hedgehogs');
    expect(slashCommand(hare, 'en', 'move')).toBe('/hare move');
    expect(slashCommand(hare, 'de', 'move')).toBe('/hase ziehen');
    expect(slashCommand(hare, 'fr', 'start')).toBe('/lièvre commencer');
    expect(slashCommand(hedgehogs, 'es', 'sidestep')).toBe('/erizos lateral');
    expect(slashCommand(hedgehogs, 'de')).toBe('/igel-ärgern');
  });
});
