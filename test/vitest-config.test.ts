/**
 * The suite shares each worker's modules between files (vitest.config.ts, isolate: false); a file that replaces
 * a module (vi.mock) needs a module graph of its own, so it must be on the config's list of isolated files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../vitest.config';

const ROOT = resolve(__dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('the isolated test files', () => {
  it('are exactly the files that replace a module', () => {
    const replacing = testFiles(join(ROOT, 'test')).filter((file) =>
      /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(replacing.length).toBeGreaterThan(0);
    expect([...MOCKING].sort()).toEqual(replacing.sort());
  });
});
