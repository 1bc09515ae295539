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
import { stateSeenBy } from './views';
import { computerStreamKey } from './fairness';

export function computerSeedKey(game: ActiveGame): string {
  return computerStreamKey(game.seed, game.generator, game.version);
}

/** What the seat to act sees: a computer chooses from its own view, as a player would (GameRules.observe). */
function moverView(module: AnyGameModule, game: ActiveGame): unknown {
  return stateSeenBy(module, game, game.state, module.rules.currentSeat(game.state));
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
      const action = module.computer.choose(moverView(module, game), level, seedRng(computerSeedKey(game)));
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
      const action = await this.chooser(game.gameKey, moverView(module, game), level, computerSeedKey(game));
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
    const view = moverView(module, game);
    return module.computer.choose(view, this.fallbackLevel(module), seedRng(computerSeedKey(game)));
  }
}
