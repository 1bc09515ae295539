/**
 * Lease holder names that tell whether their process is gone. A name records the host, the pid and the
 * process's start time, and a scope: the machine's boot and pid namespace (Linux), so that a pid is only ever
 * looked up where it means the same process. A process restarted in a dead one's place on the same machine
 * (discord.js ShardingManager's respawn) sees the old pid gone (or reused by a process started at another time)
 * and takes its shards at once instead of waiting out the lease. Names without a scope (other systems, older
 * versions) are never known to be gone: their leases are waited out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** host:pid:random, then :scope:start where the process can be checked. */
const HOLDER = /^.*:(\d+):[0-9a-f]{8}:([0-9a-f]{16}):(\d+)$/;

/** A process's state and start time (clock ticks since boot) from /proc; null when there is no such process. */
function processStat(pid: number | 'self'): { state: string; start: string } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the command's closing parenthesis: field 3 (state) onwards; the start time is field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

/** This machine's boot and pid namespace, hashed; null where they cannot be read (no /proc). */
function currentScope(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = readlinkSync('/proc/self/ns/pid');
    return createHash('sha256').update(`${hostname()}\n${boot}\n${namespace}`).digest('hex').slice(0, 16);
  } catch {
    return null;
  }
}

let scope: string | null | undefined;
const scopeHere = () => (scope === undefined ? (scope = currentScope()) : scope);

/** A name no other process has: host, pid and a random part (a restarted process is a new holder). */
export function leaseHolderName(): string {
  const name = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const here = scopeHere();
  const self = processStat('self');
  return here !== null && self !== null && /^\d+$/.test(self.start) ? `${name}:${here}:${self.start}` : name;
}

/**
 * Whether the process named `holder` is known to be gone: it ran in this machine's pid namespace, and its pid
 * is now no process, a zombie, or a process started at another time (a reused pid). Anything else (another
 * machine or container, a name without a scope) is not known to be gone.
 */
export function holderGone(holder: string): boolean {
  const parts = HOLDER.exec(holder);
  if (!parts) return false;
  const [, pid, holderScope, start] = parts as unknown as [string, string, string, string];
  if (holderScope !== scopeHere()) return false;
  const stat = processStat(Number(pid));
  return stat === null || stat.state === 'Z' || stat.start !== start;
}
