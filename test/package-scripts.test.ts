import { execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOT_NODE_OPTIONS } from '../scripts/bot-node-options';

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

/** The Node options of start:prod (`ENV=… exec node <options> <entry>`). */
function productionOptions(): string[] {
  const words = scripts['start:prod']!.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, -1);
}

describe('the scripts that run the bot', () => {
  it("start its main thread with room for 128 MB of old objects (V8's default start collected it in full every 100 ms under load)", () => {
    expect(nodeOptions('start')).toContain('--initial-old-space-size=128');
  });

  it("let each heap grow by a fifth over what a full collection kept (V8's own factor took a process past 500 MB)", () => {
    expect(nodeOptions('start')).toContain('--heap-growing-percent=20');
  });

  it('run the production build with the options npm start gives, which this Node accepts', () => {
    const options = productionOptions();
    expect(options).toEqual([...nodeOptions('start'), '--enable-source-maps']);
    expect(() => execFileSync(process.execPath, [...options, '-e', '0'], { stdio: 'pipe' })).not.toThrow();
  });

  it("give the systemd unit in docs/operations.md start:prod's options", () => {
    const operations = readFileSync(resolve(__dirname, '../docs/operations.md'), 'utf8');
    const execStart = /^ExecStart=\/usr\/bin\/node (.*) dist\/main\.js$/m.exec(operations);
    expect(execStart?.[1]?.split(' ')).toEqual(productionOptions());
  });

  it('give the sharded start the options npm start gives', () => {
    expect(BOT_NODE_OPTIONS).toEqual(nodeOptions('start'));
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
