/** A set of game modules by key: what the core knows of the games it hosts. */
import type { AnyGameModule } from './contract';
import { moduleProblems, registryProblems } from './module-check';

export interface GameRegistry {
  /** Every module, in the order they were registered. */
  readonly all: readonly AnyGameModule[];
  get(key: string): AnyGameModule | undefined;
  /** The module of `key`; throws when no such game is registered (a stored game of an unknown game). */
  require(key: string): AnyGameModule;
}

/** The registry of `modules`; throws, naming every mistake, when one of them may not be registered. */
export function createRegistry(modules: readonly AnyGameModule[]): GameRegistry {
  const together = registryProblems(modules);
  if (together.length > 0) throw new Error(together.join('\n'));
  const byKey = new Map<string, AnyGameModule>();
  for (const module of modules) {
    const problems = moduleProblems(module);
    if (problems.length > 0)
      throw new Error(
        `the game "${module.key}" cannot be registered:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
    byKey.set(module.key, module);
  }
  return {
    all: [...byKey.values()],
    get: (key) => byKey.get(key),
    require: (key) => {
      const module = byKey.get(key);
      if (!module) throw new Error(`no game "${key}" is registered`);
      return module;
    },
  };
}
