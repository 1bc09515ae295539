/**
 * npm run build: the production build in dist/ — the bot, its worker threads and the operator's commands as
 * plain JavaScript bundles (esbuild; packages stay in node_modules), with the fonts and the sandbox page beside
 * them. `npm run start:prod` runs it with plain Node, `npm run start:sharded:prod` the sharded bot (one process
 * per shard, discord.js's ShardingManager); the operator's commands run as `node dist/<command>.js` (the README's
 * production commands), so a deployment installed with `npm ci --omit=dev` needs neither tsx nor esbuild.
 */
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { noArguments } from './args';

noArguments('npm run build');

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
// BUILD_OUT: another folder (a test's, so it does not replace the dist/ another test runs from).
const out = process.env.BUILD_OUT ?? root('dist');

const ENTRIES = [
  'src/main.ts',
  'scripts/start-sharded.ts',
  'src/workers/render-pool-worker.ts',
  'src/workers/computer-pool-worker.ts',
  'src/ops/verify-worker.ts',
  'scripts/deploy-commands.ts',
  'scripts/db-backup.ts',
  'scripts/db-verify.ts',
  'scripts/db-ratings.ts',
  'scripts/db-copy.ts',
  'scripts/verify.ts',
];

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ENTRIES.map(root),
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node line package.json's engines name.
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  // Every file in one folder: the workers are found beside the code that starts them (src/workers/task-pool.ts),
  // the sandbox page and the fonts beside the code that reads them.
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
});
cpSync(root('src/sandbox/public'), `${out}/public`, { recursive: true });
cpSync(root('assets/fonts'), `${out}/assets/fonts`, { recursive: true });
console.log(`built ${ENTRIES.length} entries into dist/`);
