/**
 * The suite shares each worker's modules between files (vitest.config.ts, isolate: false); a file that replaces
 * a module (vi.mock) needs a module graph of its own, so it must be on the config's list of isolated files. A
 * shared module is evaluated once per worker, so a hook it registers when loaded belongs to the first test file
 * that imports it only: support modules register their clean-ups with test/support/test-cleanups.ts instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EACH_FILE_SETUP, MOCKING } from '../vitest.config';

const ROOT = resolve(__dirname, '..');

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, wanted);
    return wanted(entry.name) ? [relative(ROOT, path)] : [];
  });
}

const testFiles = (dir: string) => filesUnder(dir, (name) => name.endsWith('.test.ts'));

describe('the isolated test files', () => {
  it('are exactly the files that replace a module', () => {
    const replacing = testFiles(join(ROOT, 'test')).filter((file) =>
      /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(replacing.length).toBeGreaterThan(0);
    expect([...MOCKING].sort()).toEqual(replacing.sort());
  });
});

describe('the support modules', () => {
  it('register no hook when loaded (only the first file importing them would run it)', () => {
    const support = filesUnder(
      join(ROOT, 'test'),
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(support).toContain('test/service/helpers.ts');
    const setup = relative(ROOT, resolve(ROOT, EACH_FILE_SETUP));
    const hooking = support.filter(
      (file) =>
        file !== setup &&
        /^(afterEach|beforeEach|afterAll|beforeAll)\(/m.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(hooking).toEqual([]);
  });
});
