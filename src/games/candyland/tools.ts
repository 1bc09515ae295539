/** `/candyland play draw` and the `/candyland simulate` tool. */
import type { CommandValues, PlayCommand, ToolCommand } from '../contract';
import { MAX_SEATS, MIN_SEATS } from './rules/game';
import { simulate, type SimulationResult } from './simulate';
import { plural } from './texts';
import type { Action, GameState } from './rules/types';

export const MAX_TOOL_GAMES = 100_000;
const DEFAULT_TOOL_GAMES = 10_000;

export const drawCommand: PlayCommand<GameState, Action> = {
  name: 'draw',
  description: 'Draw the top card and move your pawn',
  options: [],
  toAction: (_values, state, seat) => {
    if (state.over) return { error: 'The game is over.' };
    if (state.current !== seat) return { error: 'It is not your turn to draw.' };
    return { type: 'draw' };
  },
  available: (state, seat) => !state.over && state.current === seat,
};

/** What the renderer's tool image draws. */
export interface SimulationImageRequest {
  kind: 'candyland-simulation';
  result: SimulationResult;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

export function simulationText(result: SimulationResult): string {
  const shares = result.winsBySeat.map((share, seat) => `seat ${seat + 1} ${percent(share)}`).join(', ');
  return [
    `**${plural(result.games, 'game')}** of Candy Land with ${result.seats} players:`,
    `Rounds: mean ${result.rounds.mean.toFixed(1)}, median ${result.rounds.median}, longest ${result.rounds.max}`,
    `Cards drawn per game: mean ${result.draws.mean.toFixed(1)}`,
    `Wins: ${shares}`,
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
  run: (values) => {
    const seats = wholeOption(values, 'seats', 4, MIN_SEATS, MAX_SEATS);
    const games = wholeOption(values, 'games', DEFAULT_TOOL_GAMES, 1, MAX_TOOL_GAMES);
    const result = simulate({ seats, games, seed: `simulate:${seats}:${games}` });
    const image: SimulationImageRequest = { kind: 'candyland-simulation', result };
    return { text: simulationText(result), image };
  },
};
