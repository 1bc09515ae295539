/**
 * The code's shape (issue 42): files of one job, none over 300 lines outside src/fakediscord, and no import
 * cycle in src/ (type-only imports, re-exports and dynamic imports count, as in madge).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');
const MAX_LINES = 300;
/** The code checked for size: sources, the sandbox page's scripts and styles (catalogues and data are not code). */
const CODE = /\.(ts|js|mjs|css|html)$/;
/** The modules whose imports are followed. */
const MODULE = /\.(ts|js|mjs)$/;
/** Files still over the limit while they are split elsewhere: remove an entry once its file is under it. */
const STILL_OVER = new Set<string>([]);

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function lineCount(path: string): number {
  const text = readFileSync(path, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The files of src/ a module imports (relative imports resolved as TypeScript does: './x' is x.ts or x/index.ts). */
function importsOf(path: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(path), specifier!);
    const file = [target, `${target}.ts`, join(target, 'index.ts')].find(
      (candidate) => MODULE.test(candidate) && existsSync(candidate),
    );
    if (file) found.push(file);
  }
  return found;
}

/** Every cycle found by a depth-first walk (each as the files along it, first one repeated at the end). */
function importCycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => relative(ROOT, file)));
}

describe('the code in src/', () => {
  const files = filesUnder(SRC);

  it(`has no file over ${MAX_LINES} lines outside src/fakediscord (but those still being split)`, () => {
    const over = files
      .filter((file) => CODE.test(file) && !file.startsWith(join(SRC, 'fakediscord')))
      .map((file) => ({ file: relative(ROOT, file), lines: lineCount(file) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !STILL_OVER.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(files.filter((file) => MODULE.test(file))).map((cycle) => cycle.join(' → '))).toEqual(
      [],
    );
  });

  it('finds a cycle made of type imports, re-exports and dynamic imports (files written for it)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'source-shape-'));
    try {
      mkdirSync(join(folder, 'b'));
      writeFileSync(join(folder, 'a.ts'), "import type { B } from './b/index';\nexport type A = B;\n");
      writeFileSync(join(folder, 'b', 'index.ts'), "export { c } from '../c';\nexport type B = 1;\n");
      writeFileSync(join(folder, 'c.ts'), "export const c = () => import('./a');\n");
      writeFileSync(join(folder, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      const named = (file: string) => relative(ROOT, join(folder, file));
      expect(importCycles(['a.ts', 'b/index.ts', 'c.ts', 'd.ts'].map((file) => join(folder, file)))).toEqual([
        [named('a.ts'), named('b/index.ts'), named('c.ts'), named('a.ts')],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
