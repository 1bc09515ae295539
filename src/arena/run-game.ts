/** One arena game with the registry's module and programs started over stdio (on any thread). */
import { GAMES } from '../games/index';
import { playGame, type GameResult, type GameSpec } from './match';
import { StdioChannel, commandFor } from './stdio';

export function runSpec(spec: GameSpec): Promise<GameResult> {
  return playGame(GAMES.require(spec.game), spec, (program) => new StdioChannel(commandFor(program)));
}
