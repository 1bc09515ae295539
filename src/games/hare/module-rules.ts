/** Hare & Tortoise's rules behind the platform's GameRules contract. */
import type { GameRules, Standing } from '../contract';
import { GameOptionError } from '../kit/errors';
import { checkedTurnLimit } from '../kit/turn-limit';
import {
  applyAction,
  createGame,
  forfeitTurn,
  legalActions,
  observeRace,
  observeRaceEvent,
  raceRank,
  type Action,
  type GameEvent,
  type GameState,
  type RulesName,
} from './rules/index';

export interface HareOptions {
  rules: RulesName;
  turnLimit: number | null;
}

const RULE_SETS: readonly RulesName[] = ['standard', 'classic'];

function rulesOf(options: Partial<HareOptions> | undefined): RulesName {
  const rules = options?.rules ?? 'standard';
  if (!RULE_SETS.includes(rules)) throw new GameOptionError(`unknown rule set ${String(rules)}`);
  return rules;
}

export function hareStandings(state: GameState): Standing[] {
  return state.seats.map((seat, index) => ({ seat: index, place: seat.place ?? raceRank(state, index) }));
}

export const hareRules: GameRules<GameState, Action, GameEvent, HareOptions> = {
  create: ({ seats, seed, options, generator }) =>
    createGame({
      rules: rulesOf(options),
      seats,
      seed,
      turnLimit: checkedTurnLimit(options?.turnLimit) ?? undefined,
      ...(generator === undefined ? {} : { generator }),
    }),
  legalActions,
  apply: applyAction,
  currentSeat: (state) => (state.over ? null : state.current),
  isOver: (state) => state.over,
  standings: hareStandings,
  observe: observeRace,
  observeEvent: observeRaceEvent,
  forfeit: forfeitTurn,
};
