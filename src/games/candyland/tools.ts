/** `/candyland play draw` and the `/candyland simulate` tool. */
import type { Language } from '../../i18n/index';
import type { CommandValues, PlayCommand, ToolCommand } from '../contract';
import { MAX_SEATS, MIN_SEATS } from './rules/game';
import { simulate, type SimulationResult } from './simulate';
import { decimal, plainNumber, words } from './candyland-words';
import type { Action, GameState } from './rules/types';

export const MAX_TOOL_GAMES = 100_000;
const DEFAULT_TOOL_GAMES = 10_000;

export const drawCommand: PlayCommand<GameState, Action> = {
  name: 'draw',
  description: 'Draw the top card and move your pawn',
  options: [],
  toAction: (_values, state, seat, language) => {
    const t = words(language);
    if (state.over) return { error: t('refusal.over') };
    if (state.current !== seat) return { error: t('refusal.notYourTurn') };
    return { type: 'draw' };
  },
  available: (state, seat) => !state.over && state.current === seat,
};

/** What the renderer's tool image draws. */
export interface SimulationImageRequest {
  kind: 'candyland-simulation';
  result: SimulationResult;
  /** The language of the image's words (absent: English). */
  language?: Language;
}

/** A share as a percentage with one decimal: "25.3%", "25,3 %". */
export function percent(share: number, language?: Language): string {
  return words(language)('simulation.percent', { value: decimal(share * 100, language, 1) });
}

export function simulationText(result: SimulationResult, language?: Language): string {
  const t = words(language);
  const shares = result.winsBySeat
    .map((share, seat) => t('simulation.seatShare', { seat: seat + 1, share: percent(share, language) }))
    .join(', ');
  return [
    t('simulation.heading', { games: t('simulation.games', { count: result.games }), seats: result.seats }),
    t('simulation.rounds', {
      mean: decimal(result.rounds.mean, language, 1),
      median: plainNumber(result.rounds.median, language),
      longest: result.rounds.max,
    }),
    t('simulation.cards', { mean: decimal(result.draws.mean, language, 1) }),
    t('simulation.wins', { shares }),
  ].join('\n');
}

function wholeOption(
  values: CommandValues,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = values[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

export const simulateTool: ToolCommand = {
  name: 'simulate',
  description: 'Play many games without the bot: how long they last, who wins',
  options: [
    {
      type: 'integer',
      name: 'seats',
      description: 'Players per game',
      min: MIN_SEATS,
      max: MAX_SEATS,
      default: 4,
    },
    {
      type: 'integer',
      name: 'games',
      description: 'How many games to play',
      min: 1,
      max: MAX_TOOL_GAMES,
      default: DEFAULT_TOOL_GAMES,
    },
  ],
  run: (values, language) => {
    const seats = wholeOption(values, 'seats', 4, MIN_SEATS, MAX_SEATS);
    const games = wholeOption(values, 'games', DEFAULT_TOOL_GAMES, 1, MAX_TOOL_GAMES);
    const result = simulate({ seats, games, seed: `simulate:${seats}:${games}` });
    const image: SimulationImageRequest = {
      kind: 'candyland-simulation',
      result,
      ...(language && language !== 'en' ? { language } : {}),
    };
    return { text: simulationText(result, language), image };
  },
};
