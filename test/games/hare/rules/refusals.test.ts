/**
 * Every refusal of the engine, as players read it: the bot shows it as "Not allowed: <message>." Over states
 * met in random games, every kind of action (forged ones too) is tried and each message checked.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  IllegalActionError,
  legalActions,
  nextInt,
  seedRng,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import { fixture } from './helpers';

const ODD_SQUARES = [-1, 65, 2.5, Number.NaN, Number.POSITIVE_INFINITY];
const OTHER_ACTIONS: unknown[] = [
  { type: 'eat' },
  { type: 'carrots', amount: 10 },
  { type: 'carrots', amount: -10 },
  { type: 'carrots', amount: 20 },
  { type: 'skip' },
  { type: 'fly' },
  { type: 'move' },
  { type: 'move', to: '5' },
  'move',
  null,
];

function candidateActions(): unknown[] {
  const squares = [...Array.from({ length: 65 }, (_, square) => square), ...ODD_SQUARES];
  return [...squares.map((to) => ({ type: 'move', to })), ...OTHER_ACTIONS];
}

/** States of random games of both rule sets, every few actions, and the finished game. */
function statesMet(rules: RulesName): GameState[] {
  const chooser = seedRng(`refusals ${rules}`);
  let state = createGame({ rules, seats: 4, seed: `refusals ${rules}`, turnLimit: 60 });
  const states: GameState[] = [];
  for (let step = 0; !state.over; step++) {
    if (step % 5 === 0) states.push(state);
    const actions = legalActions(state);
    state = applyAction(state, actions[nextInt(chooser, actions.length)]!).state;
  }
  return [...states, state];
}

/** What the bot shows for each refused action (as src/bot/respond.ts words an illegal action). */
function refusalsIn(state: GameState): string[] {
  const refusals: string[] = [];
  for (const action of candidateActions()) {
    try {
      applyAction(state, action as never);
    } catch (error) {
      if (!(error instanceof IllegalActionError)) throw error;
      refusals.push(`Not allowed: ${error.message}.`);
    }
  }
  return refusals;
}

const SPECIAL_STATES: GameState[] = [
  fixture({ seats: [{ position: 21, carrots: 5 }, {}], pending: 'chew-carrot' }),
  fixture({ seats: [{ position: 21, carrots: 1 }, {}] }),
  fixture({ seats: [{ position: 10, lettuces: 1 }, {}] }),
  fixture({ seats: [{ position: 63, carrots: 40, lettuces: 0 }, {}] }),
  fixture({ seats: [{ position: 63, carrots: 5, lettuces: 1 }, {}] }),
  fixture({ rules: 'classic', seats: [{ position: 10, lettuces: 1, ateHere: true }, {}] }),
];

/** A message's faults: a number that is not one, doubled punctuation, a doubled prefix, a count's wrong noun. */
function faults(refusal: string): string[] {
  const found: string[] = [];
  if (/NaN|undefined|Infinity|null|\[object/.test(refusal)) found.push('a value that is no number');
  if (/[.,;:!?]\s*[.,;:!?]/.test(refusal)) found.push('doubled punctuation');
  if (/Not allowed:.*Not allowed/i.test(refusal)) found.push('a repeated prefix');
  if (/(^|[^\d,])1 (carrots|lettuces|squares)\b/.test(refusal)) found.push('a plural after 1');
  if (/: [A-Z]/.test(refusal.slice('Not allowed'.length))) found.push('a capital after the prefix');
  return found;
}

describe('refusals as players read them', () => {
  const states = [...statesMet('standard'), ...statesMet('classic'), ...SPECIAL_STATES];
  const refusals = [...new Set(states.flatMap(refusalsIn))];

  it('are many and varied (the check below sees real messages)', () => {
    expect(refusals.length).toBeGreaterThan(30);
  });

  it('have no NaN, no doubled punctuation, no repeated prefix, no "1 carrots"', () => {
    const faulty = refusals.flatMap((refusal) => faults(refusal).map((fault) => `${fault}: ${refusal}`));
    expect(faulty).toEqual([]);
  });

  it('say how many carrots a move costs and how many the runner has', () => {
    const poor = fixture({ seats: [{ position: 0, carrots: 40 }, {}] });
    expect(refusalsIn(poor)).toContain('Not allowed: square 9 costs 45 carrots; you have 40.');
  });

  it('ask for a square by its number when the square is not one', () => {
    const start = fixture({ seats: [{}, {}] });
    expect(refusalsIn(start)).toContain(
      'Not allowed: choose a square by its number, a whole number from 1 to 64.',
    );
  });
});
