import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync(resolve(__dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The Node options of a `tsx <options> <entry>` script. */
function nodeOptions(script: string): string[] {
  const words = scripts[script]!.split(/\s+/);
  expect(words[0]).toBe('tsx');
  return words.slice(1, -1);
}

describe('the scripts that run the bot', () => {
  it("start its main thread with room for 128 MB of old objects (V8's default start collected it in full every 100 ms under load)", () => {
    expect(nodeOptions('start')).toContain('--initial-old-space-size=128');
  });

  it('run the bot in the bench as npm start runs it', () => {
    expect(nodeOptions('bench:bot')).toEqual(nodeOptions('start'));
  });
});
