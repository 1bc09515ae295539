/**
 * Vitest globalSetup: one PostgreSQL server for the whole test run. When TEST_DATABASE_URL is set the tests use
 * that server; otherwise a real PostgreSQL (scripts/local-postgres.ts) is started in a temporary folder on a free
 * loopback port and stopped, with its folder removed, when the run ends. Each test file then creates databases of
 * its own on it (test/support/pg-database.ts).
 */
import type { TestProject } from 'vitest/node';
import { startLocalPostgres } from '../../scripts/local-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test PostgreSQL server whose user may create databases. */
    postgresUrl: string;
  }
}

export default async function startPostgres(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const server = await startLocalPostgres();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
