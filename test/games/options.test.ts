/** The start options' one spec each: their order on /start, and the options `create` gets. */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { engineOptions, platformOptionSpecs, startOptionSpecs } from '../../src/games/options';
import { tinyModule } from '../support/tiny-game';

const names = (module: AnyGameModule) => startOptionSpecs(module).map((spec) => spec.name);

describe('the options of /start', () => {
  it('list seats first, then the game’s own, the level, speed, turn limit, programs’ time, language and the host’s value', () => {
    expect(names(GAMES.require('greed'))).toEqual([
      'seats',
      'dice',
      'faces',
      'entry',
      'target',
      'computer-level',
      'speed',
      'turn-limit',
      'program-time',
      'language',
      'client-seed',
    ]);
    // One computer level: nothing to choose.
    expect(names(GAMES.require('candyland'))).toEqual([
      'seats',
      'speed',
      'turn-limit',
      'program-time',
      'language',
      'client-seed',
    ]);
  });

  it('list a game’s leading options before seats when it says so (Hare’s rule set)', () => {
    expect(names(GAMES.require('hare'))).toEqual([
      'rules',
      'seats',
      'computer-level',
      'speed',
      'turn-limit',
      'program-time',
      'language',
      'client-seed',
    ]);
    const leading = { ...tinyModule, optionsBeforeSeats: 1 } as AnyGameModule;
    expect(names(leading).slice(0, 2)).toEqual(['target', 'seats']);
  });

  it('take every platform value from the module: seat range, levels, speeds', () => {
    const specs = platformOptionSpecs(tinyModule as AnyGameModule);
    expect(specs.seats).toMatchObject({ min: 2, max: 3, default: 2 });
    expect(specs.computerLevel.choices.map((choice) => choice.value)).toEqual(['plain', 'eager']);
    expect(specs.speed.choices.map((choice) => choice.value)).toEqual(['fast', 'normal', 'slow']);
    expect(specs.turnLimit).toMatchObject({ min: 1, max: 50, default: null });
  });
});

describe('the options create() gets', () => {
  it('are the game’s own by engine key with the turn limit, none given as undefined', () => {
    expect(engineOptions({ dice: 5 }, 30)).toEqual({ dice: 5, turnLimit: 30 });
    expect(engineOptions({ rules: 'classic' }, null)).toEqual({ rules: 'classic', turnLimit: undefined });
  });
});
