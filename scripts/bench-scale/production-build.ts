/**
 * The bot of bench:scale as production runs it (`npm run start:prod`): the production build (`npm run build`)
 * made in the bench's folder, each process started with plain Node and start:prod's flags. From the sources
 * (tsx) every process also carried tsx's module-hook threads, one for the main thread and one for each worker,
 * each a V8 heap of its own: about 120 MB more resident memory a process at rest and 150 MB at its peak, and a
 * third more CPU a turn (docs/benchmarks.md, "Memory of a bot process").
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeScript } from '../node-script';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** The environment and Node flags of `npm run start:prod` (`[NAME=value …] exec node <flags> dist/main.js`). */
function startProd(): { env: Record<string, string>; flags: string[] } {
  const { env, args } = nodeScript('start:prod');
  if (args.at(-1) !== 'dist/main.js')
    throw new Error(`bench:scale: start:prod does not run dist/main.js: ${args.join(' ')}`);
  return { env, flags: args.slice(0, -1) };
}

/**
 * Builds the bot into `dir`/dist (its packages found through a node_modules link); the Node arguments to run it
 * and the environment start:prod gives it.
 */
export function buildProductionBot(dir: string): { args: string[]; env: Record<string, string> } {
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const out = join(dir, 'dist');
  const built = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BUILD_OUT: out },
  });
  if (built.status !== 0) throw new Error(`bench:scale: the production build failed:\n${built.stderr}`);
  const { env, flags } = startProd();
  return { args: [...flags, join(out, 'main.js')], env };
}
