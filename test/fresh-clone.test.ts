/**
 * The README's set-up, followed literally on a fresh clone: `cp .env.example .env`, then `npm start` (no token:
 * the sandbox), and the production start from the build (`npm run build`, `npm run start:prod`), each reaching
 * the sandbox page. The clone is of the committed tree; its node_modules is this checkout's (a symlink).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

const folder = mkdtempSync(join(tmpdir(), 'hare-fresh-clone-'));
const clone = join(folder, 'hare');
const running: ChildProcess[] = [];

beforeAll(() => {
  const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
  expect(cloned.stderr).toBe('');
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
  // The configuration step, as the README gives it.
  expect(README).toContain('Copy `.env.example` to `.env`.');
  copyFileSync(join(clone, '.env.example'), join(clone, '.env'));
});

afterAll(async () => {
  await Promise.all(running.map(stopGroup));
  rmSync(folder, { recursive: true, force: true });
});

/** npm runs its command under a shell: the whole process group is stopped, so nothing outlives the test. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const late = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(late);
}

/** `npm <args>` in the clone, as a newcomer types it (only the sandbox's port is left to the system). */
function npm(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn('npm', args, {
    cwd: clone,
    env: { PATH: process.env.PATH ?? '', HOME: folder, SANDBOX_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** The address the console prints, then the page itself. */
async function reachSandbox(run: ReturnType<typeof npm>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let page: string | undefined;
  while (!page) {
    page = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(run.output())?.[1];
    if (run.child.exitCode !== null) throw new Error(`it stopped (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no sandbox address in:\n${run.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const answer = await fetch(`${page}/`);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toMatch(/<html/i);
  await stopGroup(run.child);
}

describe("the README's set-up on a fresh clone", () => {
  it('cp .env.example .env, then npm start, serves the sandbox page', { timeout: 90_000 }, async () => {
    expect(README).toMatch(/^npm start\b/m);
    await reachSandbox(npm(['start']), 60_000);
  });

  it('npm run build, then npm run start:prod, serves the sandbox page', { timeout: 150_000 }, async () => {
    expect(README).toMatch(/^npm ci && npm run build\b/m);
    expect(README).toMatch(/^npm run start:prod\b/m);
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: clone,
      env: { PATH: process.env.PATH ?? '', HOME: folder },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    await reachSandbox(npm(['run', 'start:prod']), 60_000);
  });
});
