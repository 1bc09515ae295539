/**
 * A PostgreSQL server of a test's own (scripts/local-postgres.ts), which the test may stop and start again on the
 * same port and data, or pause (SIGSTOP to the postmaster and every backend: connections stay open, nothing
 * answers) and resume. The suite's shared server is never touched.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/local-postgres';

export interface OutageServer {
  /** A new, empty database on the server; its URL. */
  createDatabase(): Promise<string>;
  /** Fast shutdown (SIGINT to the postmaster), until it is gone. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port and data. */
  startServer(): Promise<void>;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

export async function startOutageServer(): Promise<OutageServer> {
  const local: LocalPostgres = await startLocalPostgres();
  let paused: number[] = [];
  let count = 0;
  const resume = () => {
    for (const pid of paused) if (alive(pid)) process.kill(pid, 'SIGCONT');
    paused = [];
  };
  return {
    async createDatabase() {
      const name = `hare_outage_${++count}`;
      const client = new pg.Client({ connectionString: local.url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      const url = new URL(local.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async stopServer() {
      const pid = postmasterPid(local.dataDir);
      process.kill(pid, 'SIGINT');
      for (let waited = 0; alive(pid); waited += 20) {
        if (waited > 20_000) throw new Error('the server did not stop');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    startServer: () => local.server.start(),
    pause() {
      const pid = postmasterPid(local.dataDir);
      // The postmaster first, so it starts no backend the list below would miss.
      process.kill(pid, 'SIGSTOP');
      paused = [pid, ...childrenOf(pid)];
      for (const child of paused.slice(1)) process.kill(child, 'SIGSTOP');
    },
    resume,
    async close() {
      resume();
      await local.stop();
    },
  };
}
