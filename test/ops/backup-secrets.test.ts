/**
 * `npm run db:backup -- --database postgres://user:PASSWORD@host:port` (no database name): the password reaches
 * neither the copy's file name nor anything printed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { backupBaseName } from '../../src/ops/backups';
import { createTestDatabase, dropTestDatabase } from '../support/pg-database';
import { tempDir } from '../service/helpers';

const TSX = createRequire(import.meta.url).resolve('tsx');
const SCRIPT = path.resolve(__dirname, '../../scripts/db-backup.ts');
const PASSWORD = 'Pw-S3cret-7f3a';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function asSuperuser(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

describe('backups of a PostgreSQL URL', () => {
  it('names the copy by the database, never by a part of the URL that may be secret', () => {
    expect(backupBaseName(`postgres://hare:${PASSWORD}@db.example:5432`)).toBe('postgres');
    expect(backupBaseName(`postgres://hare:${PASSWORD}@db.example:5432/`)).toBe('postgres');
    expect(backupBaseName(`postgresql://hare:${PASSWORD}@db.example/games?sslmode=require`)).toBe('games');
    expect(backupBaseName(`postgres://hare:${PASSWORD}@db.example/..%2F${PASSWORD}%2Fx`)).toBe('postgres');
    expect(backupBaseName('./data/hare.db')).toBe('hare');
  });

  it('npm run db:backup of a URL without a database name keeps its password out of the file and the output', async () => {
    const url = await createTestDatabase();
    const role = new URL(url).pathname.slice(1);
    const superuser = new URL(url);
    superuser.pathname = '/postgres';
    cleanups.push(async () => {
      await dropTestDatabase(url);
      await asSuperuser(superuser.toString(), `DROP ROLE IF EXISTS ${role}`);
    });
    // A role whose default database (its own name) is the bot's: the URL names no database.
    await asSuperuser(superuser.toString(), `CREATE ROLE ${role} LOGIN PASSWORD '${PASSWORD}'`);
    await asSuperuser(superuser.toString(), `ALTER DATABASE ${role} OWNER TO ${role}`);
    const bare = new URL(url);
    bare.username = role;
    bare.password = PASSWORD;
    bare.pathname = '';

    const { dir, cleanup } = tempDir('hare-backup-secret-');
    cleanups.push(cleanup);
    const to = path.join(dir, 'copies');
    const result = await run(['--database', bare.toString().replace(/\/$/, ''), '--to', to], dir);
    expect(result.output).toMatch(/^0 games verified, 0 failed$/m);
    expect(result.code).toBe(0);
    expect(result.output).not.toContain(PASSWORD);
    const files = fs.readdirSync(to);
    expect(files).toEqual([expect.stringMatching(/^postgres-\d{8}-\d{6}\.db$/)]);
  });
});
