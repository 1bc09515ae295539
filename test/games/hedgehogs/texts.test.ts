/** Log lines, status, hand, rules, controls and the play commands. */
import { describe, expect, it } from 'vitest';
import { hedgehogsModule } from '../../../src/games/hedgehogs/index';
import { applyAction, createGame, legalActions } from '../../../src/games/hedgehogs/rules/index';
import { position } from './helpers';

const ctx = { names: ['Ada', 'Bo', 'Cy'], viewerSeat: null };
const { texts, controls, commands } = hedgehogsModule;
const [place, sidestep, forward] = commands;

describe('log lines', () => {
  it('name whose hedgehog moved, rows with no move, obstacles releasing, goals and the win', () => {
    const say = (event: Parameters<typeof texts.describeEvent>[0]) =>
      texts.describeEvent(event, createGame({ seats: 3, seed: 's' }), ctx);
    expect(say({ type: 'place', seat: 0, row: 3 })).toBe('Ada places a hedgehog in row 3');
    expect(say({ type: 'roll', seat: 1, die: 4 })).toBe('Bo rolls 4: row 4');
    expect(say({ type: 'sidestep', seat: 1, row: 4, col: 2, to: 5 })).toBe(
      'Bo sidesteps from row 4 to row 5 in column 2',
    );
    expect(say({ type: 'forward', seat: 1, owner: 2, row: 5, col: 0 })).toBe(
      "Bo moves Cy's hedgehog in row 5 from the start to column 1",
    );
    expect(say({ type: 'forward', seat: 1, owner: 1, row: 5, col: 7 })).toBe(
      'Bo moves their hedgehog in row 5 from column 7 to the goal',
    );
    expect(say({ type: 'noForward', seat: 0, row: 4 })).toBe(
      "No hedgehog can move in row 4: Ada's turn ends",
    );
    expect(say({ type: 'released', row: 5, col: 2 })).toBe(
      'The obstacle in row 5 (column 2) no longer holds: every hedgehog has passed it',
    );
    expect(say({ type: 'goal', owner: 2, count: 1 })).toBe('Cy has 1 hedgehog in the goal');
    expect(say({ type: 'win', seat: 2 })).toBe('Cy has 3 hedgehogs in the goal and wins!');
    expect(say({ type: 'turnLimit', rounds: 30 })).toBe('The turn limit of 30 rounds is reached');
    expect(say({ type: 'noSidestep', seat: 0, possible: false })).toBeNull();
  });
});

describe('controls', () => {
  it('offer row buttons in placement, a sidestep menu beside the forward buttons, forward buttons', () => {
    const start = createGame({ seats: 2, seed: 'c' });
    expect(
      controls
        .rows(start, 0)
        .flat()
        .map((c) => c.kind === 'button' && c.label),
    ).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4', 'Row 5', 'Row 6']);
    expect(controls.rows(start, 1)).toEqual([]);
    const side = position(
      2,
      [
        [1, 1, [0]],
        [2, 1, [1]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    const rows = controls.rows(side, 0);
    expect(rows[0]![0]).toMatchObject({ kind: 'select', options: [{ label: 'Row 1, column 1 → row 2' }] });
    // one click plays the turn without a sidestep: the forward moves are offered at once
    expect(rows.slice(1).flat()).toEqual([
      {
        kind: 'button',
        label: 'Row 2, column 1 → column 2',
        style: 'primary',
        action: { type: 'forward', row: 2, col: 1 },
      },
    ]);
    const stuck = position(
      2,
      [
        [1, 1, [0]],
        [3, 1, [1]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    expect(controls.rows(stuck, 0)[0]![0]).toMatchObject({
      kind: 'select',
      placeholder: 'Sidestep? (nothing can move in row 2 yet)',
    });
    expect(controls.rows(stuck, 0)[1]).toEqual([
      {
        kind: 'button',
        label: 'No sidestep: end the turn',
        style: 'secondary',
        action: { type: 'no-sidestep' },
      },
    ]);
    const ahead = position(
      2,
      [
        [2, 0, [0]],
        [2, 3, [0]],
        [4, 1, [1]],
      ],
      { seat: 0, die: 2, phase: 'forward' },
    );
    expect(
      controls
        .rows(ahead, 0)
        .flat()
        .map((c) => c.kind === 'button' && c.label),
    ).toEqual(['Row 2 at the start → column 1', 'Row 2, column 3 → column 4']);
  });

  it('encode every legal action of random games so that decode gives it back', () => {
    let state = createGame({ seats: 4, seed: 'codec' });
    for (let i = 0; i < 400 && state.phase !== 'over'; i++) {
      const legal = legalActions(state);
      for (const action of legal) {
        const token = controls.encode(action);
        expect(token.length).toBeLessThanOrEqual(40);
        expect(token).not.toContain(':');
        expect(controls.decode(token)).toEqual(action);
      }
      state = applyAction(state, legal[i % legal.length]!).state;
    }
    expect(controls.decode('f9.9')).toBeNull();
    expect(controls.decode('q1')).toBeNull();
  });
});

describe('commands', () => {
  it('place refuses a row that is not allowed and suggests the allowed ones', () => {
    const state = createGame({ seats: 2, seed: 'cmd' });
    const after = applyAction(state, { type: 'place', row: 2 }).state;
    expect(place!.toAction({ row: 2 }, after, 1)).toEqual({
      error:
        'Row 2 is not allowed: choose row 1, 3, 4, 5 or 6 (the lowest rows whose top hedgehog is not yours).',
    });
    for (const values of [{}, { row: 'two' }, { row: 2.5 }])
      expect(place!.toAction(values, after, 1)).toEqual({
        error:
          'Give the row to place in: row 1, 3, 4, 5 or 6 (the lowest rows whose top hedgehog is not yours).',
      });
    const oneRow = createGame({ seats: 2, seed: 'cmd' });
    for (let row = 1; row <= 5; row++) oneRow.stacks[row - 1]![0] = [0];
    expect(place!.toAction({}, { ...oneRow, current: 1 }, 1)).toEqual({
      error: 'Give the row to place in: row 6 (the lowest row whose top hedgehog is not yours).',
    });
    expect(place!.toAction({ row: 3 }, after, 1)).toEqual({ type: 'place', row: 3 });
    expect(place!.autocomplete!('row', '', after, 1).map((c) => c.value)).toEqual([1, 3, 4, 5, 6]);
    expect(place!.toAction({ row: 3 }, after, 0)).toEqual({ error: 'It is not your turn.' });
  });

  it('sidestep and forward take a suggestion, its label, or "none"', () => {
    const side = position(
      2,
      [
        [1, 1, [0]],
        [2, 1, [1]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    const choices = sidestep!.autocomplete!('move', '', side, 0);
    expect(choices).toEqual([
      { name: 'Row 1, column 1 → row 2', value: 's1.1.2' },
      { name: 'No sidestep', value: 'none' },
    ]);
    expect(sidestep!.toAction({ move: 's1.1.2' }, side, 0)).toEqual({
      type: 'sidestep',
      row: 1,
      col: 1,
      to: 2,
    });
    expect(sidestep!.toAction({ move: 'row 1, column 1 → row 2' }, side, 0)).toEqual({
      type: 'sidestep',
      row: 1,
      col: 1,
      to: 2,
    });
    expect(sidestep!.toAction({ move: 'none' }, side, 0)).toEqual({ type: 'no-sidestep' });
    expect(sidestep!.toAction({ move: 's3.1.2' }, side, 0)).toMatchObject({
      error: expect.stringMatching(/not one of your sidesteps/),
    });
    // a forward move chosen before any sidestep declines the sidestep
    expect(forward!.toAction({ move: 'f2.1' }, side, 0)).toEqual({ type: 'forward', row: 2, col: 1 });
    expect(forward!.autocomplete!('move', '', side, 0)).toEqual([
      { name: 'Row 2, column 1 → column 2', value: 'f2.1' },
    ]);
    const ahead = applyAction(side, { type: 'sidestep', row: 1, col: 1, to: 2 }).state;
    expect(sidestep!.toAction({ move: 'none' }, ahead, 0)).toEqual({
      error: 'You cannot sidestep now: move forward in row 2 (see /hedgehogs hand).',
    });
  });
});

describe('status, hand, rules', () => {
  it('say where things stand', () => {
    const side = position(
      2,
      [
        [1, 1, [0]],
        [2, 1, [1]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    expect(texts.status(side, ctx)).toEqual([
      'Ada: 0 in the goal',
      'Bo: 0 in the goal',
      'Round 1 · Ada rolled 2: forward in row 2 (a sidestep first is optional).',
    ]);
    expect(texts.hand(side, 0, ctx)).toBe(
      [
        'You have 0 in the goal. Your hedgehogs on top: row 1, column 1.',
        'You rolled 2. Move a hedgehog forward in row 2 (the buttons), or sidestep first (1 choice, in the menu).',
      ].join('\n'),
    );
    expect(typeof texts.rules === 'function' && texts.rules({}).length <= 3800).toBe(true);
  });

  it('name the start column as a place, count held hedgehogs with plurals', () => {
    // row 1's obstacle (column 3) holds while hedgehogs stand in column 0
    const held = position(
      2,
      [
        [1, 0, [1, 0]],
        [1, 3, [0]],
        [2, 6, [1, 0]],
        [2, 0, [1]],
      ],
      { seat: 1, die: 2, phase: 'forward' },
    );
    expect(texts.status(held, ctx).slice(0, 2)).toEqual([
      'Ada: 0 in the goal, 2 held by obstacles',
      'Bo: 0 in the goal, 1 held by an obstacle',
    ]);
    expect(texts.hand({ ...held, phase: 'over' }, 0, ctx).split('\n')[1]).toBe('The game is over.');
    expect(texts.hand(held, 0, ctx).split('\n')[0]).toBe(
      'You have 0 in the goal. Your hedgehogs on top: row 1 at the start · row 1, column 3 · row 2, column 6.',
    );
    expect(typeof texts.rules === 'function' && texts.rules({}).length <= 3800).toBe(true);
  });
});
