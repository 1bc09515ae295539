/**
 * The bot of bench:scale as production runs it (`npm run start:prod`): the production build (`npm run build`)
 * made in the bench's folder, each process started with plain Node and start:prod's flags. From the sources
 * (tsx) every process also carried tsx's module-hook threads, one for the main thread and one for each worker,
 * each a V8 heap of its own: about 120 MB more resident memory a process at rest and 150 MB at its peak, and a
 * third more CPU a turn (docs/benchmarks.md, "Memory of a bot process").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** The Node flags of `npm run start:prod` (`exec node <flags> dist/main.js`), read from package.json. */
export function startProdFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [exec, node, ...rest] = scripts['start:prod']!.split(' ');
  if (exec !== 'exec' || node !== 'node' || rest.at(-1) !== 'dist/main.js')
    throw new Error(
      `bench:scale: start:prod is not "exec node <flags> dist/main.js": ${scripts['start:prod']}`,
    );
  return rest.slice(0, -1);
}

/** Builds the bot into `dir`/dist (its packages found through a node_modules link); the Node arguments to run it. */
export function buildProductionBot(dir: string): string[] {
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const out = join(dir, 'dist');
  const built = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BUILD_OUT: out },
  });
  if (built.status !== 0) throw new Error(`bench:scale: the production build failed:\n${built.stderr}`);
  return [...startProdFlags(), join(out, 'main.js')];
}
