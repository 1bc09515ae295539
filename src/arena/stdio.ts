/**
 * The stdio transport: the arena starts a program, writes requests to its standard input and reads answers from
 * its standard output, one JSON message per line. The program gets a small environment (no tokens or database
 * addresses of the shell) and the arena's process group (Ctrl-C stops it with the arena), and at the end is
 * stopped by force if it has not left within a short grace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import type { Incoming, SeatChannel } from './channel';
import { LineSplitter } from './lines';
import { MAX_LINE_BYTES, type HostMessage } from './protocol';

/** Lines read ahead before the program's output is paused (it then blocks on its own writes). */
const READ_AHEAD = 16;
/** How long a program may take to leave after its standard input closed. */
const EXIT_GRACE_MS = 500;
/** The end of the program's standard error kept for the report when it fails. */
const STDERR_TAIL_BYTES = 2048;

export interface Command {
  file: string;
  args: string[];
}

function tsxLoader(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  return join(dirname(packageJson), 'dist', 'loader.mjs');
}

/** How a program file is started: Python and TypeScript through their runners, anything else as itself. */
export function commandFor(program: string): Command {
  const path = resolve(program);
  switch (extname(path)) {
    case '.py':
      return { file: 'python3', args: ['-u', path] };
    case '.ts':
    case '.mts':
      return { file: process.execPath, args: ['--import', tsxLoader(), path] };
    case '.js':
    case '.mjs':
    case '.cjs':
      return { file: process.execPath, args: [path] };
    default:
      return { file: path, args: [] };
  }
}

/** The environment a program runs in: enough to find its interpreter, nothing of the arena's secrets. */
function programEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'SYSTEMROOT', 'PYTHONPATH'];
  const env: NodeJS.ProcessEnv = { PYTHONIOENCODING: 'utf-8', PYTHONUNBUFFERED: '1' };
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

export class StdioChannel implements SeatChannel {
  private readonly child: ChildProcess;
  private readonly splitter = new LineSplitter(MAX_LINE_BYTES);
  private readonly queue: Incoming[] = [];
  private waiter: ((incoming: Incoming) => void) | null = null;
  private closedReason: string | null = null;
  private stderrTail = '';
  private exited: Promise<void>;

  constructor(command: Command, cwd?: string) {
    this.child = spawn(command.file, command.args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: programEnvironment(),
      ...(cwd ? { cwd } : {}),
    });
    this.exited = new Promise((done) => this.child.once('close', () => done()));
    this.child.stdout?.on('data', (chunk: Buffer) => {
      for (const out of this.splitter.push(chunk)) this.deliver(out);
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    // A program that stops reading (or has left) must not make a write throw.
    this.child.stdin?.on('error', () => {});
    this.child.once('error', (error) => this.end(`could not start: ${error.message}`));
    // 'close' comes after the program's output has been read to its end (an answer written just before it
    // left still counts).
    this.child.once('close', (code, signal) =>
      this.end(signal ? `stopped by ${signal}` : `exited with code ${String(code)}`),
    );
  }

  /** The program's process id (undefined when it could not start). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The end of what the program wrote to its standard error (for a report of why it failed). */
  get stderr(): string {
    return this.stderrTail;
  }

  send(message: HostMessage): void {
    if (this.closedReason !== null || !this.child.stdin?.writable) return;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  receive(timeoutMs: number): Promise<Incoming> {
    const next = this.queue.shift();
    if (next) {
      if (this.queue.length < READ_AHEAD) this.child.stdout?.resume();
      return Promise.resolve(next);
    }
    if (this.closedReason !== null) return Promise.resolve({ kind: 'closed', reason: this.closedReason });
    return new Promise((done) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        done({ kind: 'timeout' });
      }, timeoutMs);
      this.waiter = (incoming) => {
        clearTimeout(timer);
        this.waiter = null;
        done(incoming);
      };
    });
  }

  async close(): Promise<void> {
    this.child.stdin?.end();
    const stillRunning = this.child.exitCode === null && this.child.signalCode === null;
    if (stillRunning) {
      const grace = new Promise<'late'>((done) => setTimeout(() => done('late'), EXIT_GRACE_MS).unref());
      if ((await Promise.race([this.exited, grace])) === 'late') this.kill();
    }
    this.end('closed by the host');
    await Promise.race([this.exited, new Promise((done) => setTimeout(done, EXIT_GRACE_MS).unref())]);
  }

  private kill(): void {
    this.child.kill('SIGKILL');
  }

  private deliver(incoming: Incoming): void {
    if (this.waiter) return this.waiter(incoming);
    this.queue.push(incoming);
    if (this.queue.length >= READ_AHEAD) this.child.stdout?.pause();
  }

  private end(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    // Lines already read stay in the queue, before the end.
    if (this.waiter) this.waiter({ kind: 'closed', reason });
  }
}
