/**
 * Lease holder names on this machine (Linux): a holder whose process is gone (exited, or its pid now another
 * process's) is known to be gone; a live one, one of another machine or container, or a name without the
 * process's scope never is.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holderGone, leaseHolderName } from '../src/lease-holders';

const startOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!;

/** This process's name with another pid and start time, as that process would have named itself. */
function nameOf(pid: number, start: string): string {
  const [host, , random, scope] = leaseHolderName().split(':');
  return `${host}:${pid}:${random}:${scope}:${start}`;
}

describe('lease holder names', () => {
  it('name the host, the pid, the machine’s scope and the start time', () => {
    const name = leaseHolderName();
    expect(name).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{8}:[0-9a-f]{16}:\\d+$`));
    expect(name.endsWith(`:${startOf(process.pid)}`)).toBe(true);
    expect(holderGone(name)).toBe(false);
  });

  it('tell a dead holder on this machine from a live one', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const exited = new Promise((done) => child.once('exit', done));
    const pid = child.pid!;
    const start = startOf(pid);
    const holder = nameOf(pid, start);
    expect(holderGone(holder)).toBe(false);
    // The same pid with another start time is another process: the holder is gone.
    expect(holderGone(nameOf(pid, String(Number(start) + 1)))).toBe(true);
    child.kill('SIGKILL');
    await exited;
    expect(holderGone(holder)).toBe(true);
  });

  it('never call gone a holder of another machine, or one whose name has no scope', () => {
    const [host, , random, scope] = leaseHolderName().split(':');
    const otherScope = scope!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(holderGone(`${host}:999999:${random}:${otherScope}:1`)).toBe(false);
    expect(holderGone(`${host}:999999:${random}`)).toBe(false);
    expect(holderGone('first')).toBe(false);
  });
});
