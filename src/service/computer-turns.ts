/**
 * Computer players' choices for the service. A computer's stream is seeded by the game's seed and version, so
 * a game is reproducible. Should a level throw or choose an illegal action, the error is reported and the
 * game's weakest level plays that turn instead, so a faulty computer cannot stall a game.
 */
import type { AnyGameModule } from '../games/contract';
import { seedRng } from '../games/kit/random';
import { isListed } from '../games/kit/same-action';
import type { ActiveGame, ComputerChooser, ServiceContext } from './context';
import { moduleOf } from './context';

export function computerSeedKey(game: ActiveGame): string {
  return `${game.seed}:ai:${game.version}`;
}

function isLegal(module: AnyGameModule, state: unknown, action: unknown): boolean {
  return isListed(module.rules.legalActions(state), action);
}

export class ComputerTurns {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly chooser: ComputerChooser | null,
  ) {}

  get thinksElsewhere(): boolean {
    return this.chooser !== null;
  }

  /** The choice of a computer of `level`, made on this thread. */
  choose(game: ActiveGame, level: string): unknown {
    const module = moduleOf(this.ctx, game);
    try {
      const action = module.computer.choose(game.state, level, seedRng(computerSeedKey(game)));
      return this.checked(module, game, level, action);
    } catch (error) {
      if (level === this.fallbackLevel(module)) throw error;
      this.ctx.reportError(error, `the ${level} computer of game ${game.id}`);
      return this.fallback(module, game);
    }
  }

  /** The same choice made by the chooser (a worker pool); a failure there falls back like `choose`. */
  async chooseElsewhere(game: ActiveGame, level: string): Promise<unknown> {
    const module = moduleOf(this.ctx, game);
    if (!this.chooser) return this.choose(game, level);
    try {
      const action = await this.chooser(game.gameKey, game.state, level, computerSeedKey(game));
      return this.checked(module, game, level, action);
    } catch (error) {
      this.ctx.reportError(error, `the ${level} computer of game ${game.id}`);
      return this.fallback(module, game);
    }
  }

  private checked(module: AnyGameModule, game: ActiveGame, level: string, action: unknown): unknown {
    if (isLegal(module, game.state, action)) return action;
    this.ctx.reportError(
      new Error(`chose an illegal action ${JSON.stringify(action)}`),
      `the ${level} computer`,
    );
    return this.fallback(module, game);
  }

  private fallbackLevel(module: AnyGameModule): string {
    return module.computer.levels[0] ?? module.computer.defaultLevel;
  }

  private fallback(module: AnyGameModule, game: ActiveGame): unknown {
    return module.computer.choose(game.state, this.fallbackLevel(module), seedRng(computerSeedKey(game)));
  }
}
