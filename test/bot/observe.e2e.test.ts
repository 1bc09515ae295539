/**
 * The core hands a game's texts, images, controls, commands and computer players a view of a running game
 * (GameRules.observe), never the whole state: played through the fake Discord on a copy of the test game whose
 * parts record every state and event they are given. Tiny's only secret is its random stream (the die bonus to come).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameModule, GameRenderer } from '../../src/games/contract';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyAction, type TinyEvent, type TinyState } from '../support/tiny-game';
import {
  createHarness,
  playTinyByButtons,
  runCommand,
  startGame,
  waitForSummary,
  type Harness,
} from './harness';

type TinyModule = GameModule<TinyState, TinyAction, TinyEvent, { target: number; turnLimit: number }>;

interface Seen {
  where: string;
  state: TinyState;
  events: readonly TinyEvent[];
}

/** Tiny's events as its observeEvent below returns them: marked, so a test can tell them from the rules' own. */
type MarkedEvent = TinyEvent & { observed?: true };

/** Tiny, with every part outside the rules noting the state (and events) it was given. */
function watchedTiny(seen: Seen[]): TinyModule {
  const note = (where: string, state: TinyState, events: readonly TinyEvent[] = []) =>
    seen.push({ where, state, events });
  const { texts, controls, computer } = tinyModule;
  return {
    ...tinyModule,
    rules: {
      ...tinyModule.rules,
      observeEvent: (event): MarkedEvent => ({ ...event, observed: true }),
    },
    texts: {
      ...texts,
      describeEvent: (event, state, ctx) => (
        note('describeEvent', state, [event]),
        texts.describeEvent(event, state, ctx)
      ),
      actionLabel: (action, state) => (note('actionLabel', state), texts.actionLabel(action, state)),
      status: (state, ctx) => (note('status', state), texts.status(state, ctx)),
      hand: (state, seat, ctx) => (note('hand', state), texts.hand(state, seat, ctx)),
      figures: (state, seat) => (note('figures', state), texts.figures(state, seat)),
      boardTitle: (state) => (note('boardTitle', state), `Tiny at ${state.counter}`),
      describeImage: (state) => (note('describeImage', state), [`The counter is at ${state.counter}.`]),
    },
    controls: { ...controls, rows: (state, seat) => (note('controls', state), controls.rows(state, seat)) },
    commands: tinyModule.commands.map((command) => ({
      ...command,
      toAction: (values, state, seat) => (
        note(`/tiny ${command.name}`, state),
        command.toAction(values, state, seat)
      ),
      available: (state) => (note(`/tiny ${command.name} available`, state), true),
    })),
    computer: {
      ...computer,
      choose: (state, level, rng) => (note('computer', state), computer.choose(state, level, rng)),
    },
    loadRenderer: async () => {
      const renderer: GameRenderer<TinyState, TinyEvent> = await tinyModule.loadRenderer!();
      return {
        board: (input) => (note('board image', input.state, input.recentEvents), renderer.board(input)),
        summary: (input) => (note('summary image', input.state), renderer.summary(input)),
      };
    },
  };
}

function streamShown(state: TinyState): boolean {
  return state.rng.some((word) => word !== 0);
}

describe('what the parts of a game module are given while it runs', () => {
  let h: Harness;
  const seen: Seen[] = [];
  beforeEach(async () => {
    seen.length = 0;
    h = await createHarness({ games: createRegistry([watchedTiny(seen)]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('a view without the random stream, from the first board to the last move; everything once it is over', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 3, target: 3 }, 'tiny');
    await runCommand(h, alice, 'hand', {}, 'tiny');
    await runCommand(h, bob, 'status', {}, 'tiny');
    await runCommand(h, alice, 'log', {}, 'tiny');
    await runCommand(h, bob, 'add', { amount: 1 }, 'tiny');
    await playTinyByButtons(h, gameId, [alice, bob]);
    await waitForSummary(h, gameId);

    const live = seen.filter((entry) => !entry.state.over);
    const parts = new Set(live.map((entry) => entry.where));
    for (const part of [
      'describeEvent',
      'status',
      'hand',
      'boardTitle',
      'describeImage',
      'controls',
      'computer',
    ])
      expect(parts, part).toContain(part);
    expect(parts).toContain('board image');
    const leaks = live.filter((entry) => streamShown(entry.state)).map((entry) => entry.where);
    expect(leaks).toEqual([]);
    const events = live.flatMap((entry) => entry.events.map((event) => ({ where: entry.where, event })));
    expect(events.some((entry) => entry.where === 'board image')).toBe(true);
    const unobserved = events.filter((entry) => !(entry.event as MarkedEvent).observed);
    expect(unobserved).toEqual([]);
    // The end shows everything: the summary draws the final state as it is.
    const summary = seen.find((entry) => entry.where === 'summary image');
    expect(summary && streamShown(summary.state)).toBe(true);
  });
});
