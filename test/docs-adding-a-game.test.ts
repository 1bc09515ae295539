/** docs/adding-a-game.md walks through the fixture game file by file: its table names exactly the fixture's files. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noughtsModule } from './fixtures/games/noughts/index';

const ROOT = resolve(__dirname, '..');
const FIXTURE = 'test/fixtures/games/noughts/';

describe('docs/adding-a-game.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/adding-a-game.md'), 'utf8');

  it('names every file of the fixture game in its table, and no other', () => {
    const tabled = [...doc.matchAll(/^\| `(test\/fixtures\/games\/noughts\/[\w.-]+)`/gm)].map(
      (match) => match[1],
    );
    const files = readdirSync(join(ROOT, FIXTURE)).map((file) => `${FIXTURE}${file}`);
    expect([...tabled].sort()).toEqual(files.sort());
  });

  it('describes the fixture as it is: its key, its seats, no renderer of its own', () => {
    expect(doc).toContain(`key: '${noughtsModule.key}'`);
    expect(doc).toContain(
      `seats: { min: ${noughtsModule.seats.min}, max: ${noughtsModule.seats.max}, default: ${noughtsModule.seats.default} }`,
    );
    expect(noughtsModule.loadRenderer).toBeUndefined();
    expect(doc).toContain(
      `levels: [${noughtsModule.computer.levels.map((level) => `'${level}'`).join(', ')}]`,
    );
  });
});
