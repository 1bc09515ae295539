/**
 * A fresh, empty PostgreSQL database on the test server (test/support/pg-server.ts) for one test file or test:
 * CREATE DATABASE takes a few milliseconds, so nothing is shared between files and nothing needs cleaning.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `hare_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  return withDatabase(inject('postgresUrl'), name);
}

/** Drops a database made by createTestDatabase (every connection to it must be closed). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
