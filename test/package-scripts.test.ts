import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync(resolve(__dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The Node options of a `[exec] tsx <options> <entry>` script. */
function nodeOptions(script: string): string[] {
  const words = scripts[script]!.replace(/^exec /, '').split(/\s+/);
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

describe("the README's simulate command", () => {
  /** The command line the README gives for JSON output, as a reader would type it (with fewer games). */
  function documentedJsonCommand(): string {
    const readme = readFileSync(resolve(__dirname, '../README.md'), 'utf8');
    const documented = [...readme.matchAll(/`(npm run[^`]*simulate[^`]*)`/g)]
      .map((m) => m[1]!)
      .find((command) => command.includes('--json'));
    expect(documented).toBeDefined();
    return documented!
      .replace('[--json]', '--json')
      .replace(/\s*\[[^\]]*\]/g, '')
      .replace(/--games [\d,]+/, '--games 300');
  }

  it('prints nothing but the JSON object with --json', () => {
    const command = documentedJsonCommand();
    expect(command).toMatch(/--json/);
    const output = execSync(command, {
      cwd: resolve(__dirname, '..'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const parsed = JSON.parse(output) as { game: string; games: number; winsBySeat: number[] };
    expect(parsed).toMatchObject({ game: 'candyland', games: 300 });
    expect(parsed.winsBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  }, 60_000);
});
