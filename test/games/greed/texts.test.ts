/** What players read and click: log lines, hand odds, status, rules, figures, controls and commands. */
import { describe, expect, it } from 'vitest';
import { greedModule } from '../../../src/games/greed/index';
import { errorText } from '../../../src/bot/respond';
import { figureText } from '../../../src/bot/views';
import { IllegalActionError } from '../../../src/games/kit/errors';
import { ServiceError } from '../../../src/service/index';
import { newGame, play } from './helpers';

const ctx = { names: ['Ada', 'Bo'], viewerSeat: null };
const { texts, controls, commands } = greedModule;

function lines(script: Parameters<typeof play>[1], state = newGame()) {
  const { state: after, events } = play(state, script);
  return { state: after, lines: events.map((event) => texts.describeEvent(event, after, ctx)) };
}

describe('log lines', () => {
  it('tell rolls, hot dice, banking with entry, busts and the final round', () => {
    expect(lines([[1, 1, 1, 4, 6], [5, 3], 'stop']).lines).toEqual([
      'Ada rolls 1 1 1 4 6: 1,000 · turn total 1,000, 2 dice left',
      'Ada rolls 5 3: 50 · turn total 1,050, 1 die left',
      'Ada stops, banks 1,050 and enters the game: score 1,050',
    ]);
    expect(lines([[1, 1, 1, 5, 3], [5]]).lines.at(-1)).toBe(
      'Ada rolls 5: 50 · turn total 1,100, hot dice! all 5 dice back in the cup',
    );
    expect(lines([[1, 1, 1, 5, 3], [2]]).lines.slice(-2)).toEqual([
      'Ada rolls 2: 0',
      'Ada busts, loses 1,050',
    ]);
    expect(lines([[1, 2, 3, 4, 6]]).lines.at(-1)).toBe('Ada busts: below the 300 needed to enter');
    const final = lines([[1, 1, 1, 1, 1], 'stop'], newGame(2, { target: 1000 }));
    expect(final.lines.at(-1)).toBe(
      'Ada reaches 1,200: the final round begins, everyone after them plays one more turn',
    );
  });

  it('say nothing of entering the game when there is no entry minimum', () => {
    const noEntry = lines([[5, 2, 3, 4, 6], 'stop'], newGame(2, { entry: 0 }));
    expect(noEntry.lines.at(-1)).toBe('Ada stops, banks 50: score 50');
  });

  it('start every line with a capital and write every number of four digits or more with separators', () => {
    const twoRounds = newGame(2, { target: 1000, turnLimit: 1 });
    const endings = [
      lines([[1, 1, 1, 1, 1], 'stop', [2, 3, 4, 6, 6]], twoRounds).lines,
      lines([[5, 2, 3, 4, 6], 'stop', [2, 3, 4, 6, 6]], newGame(2, { entry: 0, turnLimit: 1 })).lines,
    ];
    expect(endings[0]!.at(-1)).toBe('The final round is over after 1 round');
    expect(endings[1]!.at(-1)).toBe('The turn limit of 1 round is reached');
    const rules = texts.rules as (options: Record<string, number>) => string;
    for (const text of [...endings.flat(), rules({})]) {
      expect(text).not.toMatch(/\d{4}/);
      for (const line of text!.split('\n')) expect(line).toMatch(/^[^a-z]/);
    }
    // A level's description follows its name ("greedy: …") and may start in lower case.
    for (const level of greedModule.computer.levels)
      expect(texts.levelDescription(level)).not.toMatch(/\d{4}/);
  });
});

describe('the hand', () => {
  it('gives the exact odds of busting, and of failing the entry on a first roll', () => {
    const start = newGame();
    expect(texts.hand(start, 0, ctx)).toContain('the chance of falling short is 79.4%');
    const { state } = play(start, [[1, 1, 1, 4, 6]]);
    const hand = texts.hand(state, 0, ctx);
    expect(hand).toContain('Your turn stands at **1,000**');
    expect(hand).toContain('Rolling 2 dice busts with a chance of 44.4%');
    // the Stop button by its label, in bold: a reader in another language gets the board's word for it
    expect(hand).toContain('(**Stop** banks it: 1,000)');
    expect(texts.hand(state, 1, ctx)).toContain('It is not your turn.');
  });
});

describe('status, rules and figures', () => {
  it('status names the scores, entry, the target and who plays', () => {
    const { state } = play(newGame(), [[1, 1, 1, 4, 6], 'stop', [1, 1, 1, 5, 3]]);
    expect(texts.status(state, ctx)).toEqual([
      'Ada: 1,000',
      'Bo: 0 (not entered)',
      'Round 1 · target 5,000',
      'Bo to play: turn total 1,050, 1 die in the cup.',
    ]);
  });

  it('status, hand and board speak of entering only when the options ask for an entry score', () => {
    const { state } = play(newGame(2, { entry: 0 }), [[5, 2, 3, 4, 6]]);
    expect(texts.status(state, ctx)).toEqual([
      'Ada: 0',
      'Bo: 0',
      'Round 1 · target 5,000',
      'Ada to play: turn total 50, 4 dice in the cup.',
    ]);
    expect(texts.hand(state, 0, ctx)).not.toMatch(/enter/);
    expect(texts.status(newGame(), ctx)).toContain('Ada to play: 5 dice in the cup.');
  });

  it('the rules follow the options in play', () => {
    const rules = texts.rules as (options: Record<string, number>) => string;
    expect(rules({})).toContain('5 dice with 6 faces');
    expect(rules({ dice: 6, entry: 0, target: 3000 })).toContain('No entry minimum');
    expect(rules({ dice: 6, entry: 0, target: 3000 })).toContain('first to bank 3,000');
    expect(rules({}).length).toBeLessThanOrEqual(3800);
    expect(texts.optionsSummary!({})).toBe('5 dice of 6 · entry 300 · target 5,000');
    expect(texts.optionsSummary!({ entry: 0, target: 10000 })).toBe(
      '5 dice of 6 · no entry minimum · target 10,000',
    );
  });

  it('figures count turns, busts, the best turn and hot dice, with singular forms and separators', () => {
    const { state } = play(newGame(), [[1, 1, 1, 5, 3], [5], [2, 2, 2, 3, 4], 'stop', [2, 3, 4, 6, 6]]);
    expect(texts.figures(state, 0).map(figureText)).toEqual([
      '1 turn',
      '0 busts',
      '1,300 in the best turn',
      '1 hot-dice roll',
    ]);
    expect(texts.figures(state, 1).map(figureText)).toEqual([
      '1 turn',
      '1 bust',
      'nothing banked',
      '0 hot-dice rolls',
    ]);
  });

  it('describes every level', () => {
    for (const level of greedModule.computer.levels)
      expect(texts.levelDescription(level)).toMatch(new RegExp(`^${level}: `));
  });
});

describe('controls and commands', () => {
  it('offer Roll first, then Roll and Stop with what it banks, only to the seat to act', () => {
    const start = newGame();
    expect(controls.rows(start, 0)).toEqual([
      [{ kind: 'button', label: 'Roll 5 dice', style: 'primary', action: { type: 'roll' } }],
    ]);
    expect(controls.rows(start, 1)).toEqual([]);
    const { state } = play(start, [[1, 1, 1, 4, 6]]);
    expect(controls.rows(state, 0)[0]!.map((control) => control.kind === 'button' && control.label)).toEqual([
      'Roll 2 dice',
      'Stop: bank 1,000',
    ]);
    for (const action of greedModule.rules.legalActions(state))
      expect(controls.decode(controls.encode(action))).toEqual(action);
    expect(controls.decode('x')).toBeNull();
  });

  it('give the rules\' refusals as clauses that read cleanly after the bot\'s "Not allowed:"', () => {
    const refusals = [
      () => greedModule.rules.apply(newGame(), { type: 'stop' }),
      () => greedModule.rules.apply({ ...newGame(), over: true }, { type: 'roll' }),
      () => greedModule.rules.apply(newGame(), { type: 'pass' } as never),
    ].map((act) => {
      try {
        act();
      } catch (error) {
        if (!(error instanceof IllegalActionError)) throw error;
        return errorText(new ServiceError('illegal_action', error.message, error.code));
      }
      throw new Error('the rules allowed it');
    });
    expect(refusals).toEqual([
      expect.stringContaining('you can stop only after a roll that scored'),
      expect.stringContaining('the game is over'),
      expect.stringContaining('Greed has only two actions, roll and stop'),
    ]);
    for (const refusal of refusals) {
      expect(refusal).not.toMatch(/[.!?:;,]\s*[.!?:;,]/);
      expect(refusal).not.toMatch(/^([^:]+):\s*\1/i);
    }
  });

  it('refuse /greed stop before a roll, and leave a command out of turn to the service', () => {
    const [roll, stop] = commands;
    const start = newGame();
    expect(stop!.toAction({}, start, 0)).toEqual({
      error: 'Roll first: you can stop only after a roll that scored.',
    });
    expect(roll!.toAction({}, start, 1)).toEqual({ type: 'roll' });
    expect(stop!.toAction({}, start, 1)).toEqual({ type: 'stop' });
    expect(roll!.toAction({}, start, 0)).toEqual({ type: 'roll' });
  });
});
