/**
 * The contract promises that only render workers load the canvas library (its native allocator holds memory of
 * its own): the bot's main thread, with every command and the sandbox, must not.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = createRequire(import.meta.url).resolve('tsx');

describe('the canvas library', () => {
  it('is not loaded by the bot, its commands, the service or the sandbox on the main thread', () => {
    const script = `
      import { createRequire } from 'node:module';
      await import('./src/bot/bot.ts');
      await import('./commands/index.ts');
      await import('./src/service/index.ts');
      await import('./src/sandbox/index.ts');
      await import('./src/ops/operations.ts');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('@napi-rs'));
      console.log(JSON.stringify(loaded));
    `;
    const run = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual([]);
  });
});
