/**
 * A test's child-process entry bundled once into plain JavaScript, the way `npm run build` bundles the bot
 * (esbuild, packages left in node_modules). A test that starts the same child many times pays its start-up
 * (module loading) at plain Node's cost instead of tsx's: about a third of the time.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(__dirname, '../..');

export interface ChildBundle {
  /** The bundle: run it with `node <file> …`. */
  file: string;
  cleanup(): void;
}

/** Bundles `entry` (a path from the project's root) into a folder under node_modules, where its packages resolve. */
export async function bundleChild(entry: string): Promise<ChildBundle> {
  const parent = join(ROOT, 'node_modules/.cache/hare-test-bundles');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'child-'));
  const file = join(dir, 'child.mjs');
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
